import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { CreatePostBody, PostTexts } from '@forum/contracts';
import { errorMessage, isApiError, useApi, type CallRequest } from '@forum/sdk';
import { Alert, Button, Card, ErrorState, Spinner, TextField, cx } from '@forum/ui';
import { ImageInput } from '../components/ImageInput';
import { RequireSignIn } from '../components/RequireSignIn';
import { MarkdownField } from '../components/rich/MarkdownField';
import { POST_IMAGE_MAX, imageFileError } from '../lib/state';
import { CommunityNotFound } from '../components/CommunityNotFound';
import { useCommunity } from '../hooks/useCommunity';
import { TEXTS } from '../texts';

type Kind = 'text' | 'link' | 'image';
const KINDS: Array<{ kind: Kind; label: string }> = [
  { kind: 'text', label: 'Text' },
  { kind: 'link', label: 'Link' },
  { kind: 'image', label: 'Image' },
];

function CreatePostForm({
  communityId,
  communityName,
}: {
  communityId: string;
  communityName: string;
}) {
  const api = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const back = `/c/${encodeURIComponent(communityName)}`;
  const [kind, setKind] = useState<Kind>('text');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ title?: string; content?: string; image?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setPreview(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);

  const pickFile = (f: File | null) => {
    setErrors((e) => ({ ...e, image: undefined }));
    if (!f) return setFile(null);
    const problem = imageFileError(f, POST_IMAGE_MAX);
    if (problem) {
      setFile(null);
      setErrors((e) => ({ ...e, image: problem }));
      return;
    }
    setFile(f);
  };

  const submit = async () => {
    setServerError(null);
    const body = {
      title,
      type: kind,
      community_id: communityId,
      content: kind === 'text' ? content : kind === 'link' ? url.trim() : description,
    };
    const parsed = CreatePostBody.safeParse(body);
    const next: typeof errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'title' ? 'title' : 'content';
        next[field] ??= issue.message;
      }
    }
    if (kind === 'image' && !file) next.image = errors.image ?? PostTexts.imageRequired;
    setErrors(next);
    if (!parsed.success || next.image) return;
    setBusy(true);
    try {
      let payload: CallRequest<'POST /api/posts'>['body'] = { ...parsed.data };
      if (kind === 'image' && file) {
        const form = new FormData();
        form.append('title', parsed.data.title);
        form.append('content', parsed.data.content ?? '');
        form.append('type', 'image');
        form.append('community_id', communityId);
        form.append('image', file);
        payload = form;
      }
      await api.call('POST /api/posts', { body: payload });
      void queryClient.invalidateQueries({ queryKey: ['posts'] });
      navigate(back);
    } catch (err) {
      const fallback =
        kind === 'image' && isApiError(err) && err.status === 0
          ? TEXTS.uploadFailed
          : TEXTS.createPostFailed;
      setServerError(errorMessage(err, fallback));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="forum-form-card">
      <h1 className="forum-page__title">{TEXTS.createPost}</h1>
      <p className="forum-muted">
        in <Link to={back}>c/{communityName}</Link>
      </p>
      <div
        className="forum-type-picker"
        role="group"
        aria-label="Post type"
        data-testid="post-type-picker"
      >
        {KINDS.map((k) => (
          <button
            key={k.kind}
            type="button"
            className={cx('forum-sort__btn', kind === k.kind && 'is-active')}
            aria-pressed={kind === k.kind}
            onClick={() => {
              setKind(k.kind);
              setErrors({});
            }}
            data-testid={`type-${k.kind}`}
          >
            {k.label}
          </button>
        ))}
      </div>
      <form
        className="forum-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {serverError ? (
          <Alert variant="error" data-testid="form-error">
            {serverError}
          </Alert>
        ) : null}
        <TextField
          label="Title"
          value={title}
          maxLength={300}
          onChange={(e) => setTitle(e.target.value)}
          error={errors.title}
          testId="post-title-input"
          required
        />
        {kind === 'text' ? (
          <MarkdownField
            label="Content"
            rows={8}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            error={errors.content}
            testId="post-content-input"
          />
        ) : null}
        {kind === 'link' ? (
          <TextField
            label="URL"
            type="url"
            inputMode="url"
            placeholder="https://"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            error={errors.content}
            testId="post-url-input"
          />
        ) : null}
        {kind === 'image' ? (
          <>
            <ImageInput
              label="Image (JPEG, PNG, GIF or WebP, up to 10MB)"
              onFile={pickFile}
              error={errors.image}
              testId="post-image-input"
            />
            {preview ? (
              <img
                src={preview}
                alt="Selected image preview"
                className="forum-image-preview"
                data-testid="image-preview"
              />
            ) : null}
            <MarkdownField
              label="Description (optional)"
              rows={3}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              error={errors.content}
              testId="post-description-input"
            />
          </>
        ) : null}
        <div className="forum-form__actions">
          <Button variant="secondary" onClick={() => navigate(back)} data-testid="cancel-button">
            {TEXTS.cancel}
          </Button>
          <Button type="submit" disabled={title.trim() === '' || busy} data-testid="submit-button">
            {busy ? TEXTS.posting : TEXTS.post}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function Loader() {
  const { name = '' } = useParams();
  const community = useCommunity(name);
  if (community.isPending) return <Spinner block data-testid="create-post-loading" />;
  if (community.isError) {
    return isApiError(community.error) && community.error.status === 404 ? (
      <CommunityNotFound />
    ) : (
      <ErrorState title={TEXTS.communityFailed} onRetry={() => void community.refetch()} />
    );
  }
  const c = community.data.community;
  return <CreatePostForm communityId={c.id} communityName={c.name} />;
}

export default function CreatePostPage() {
  return (
    <div className="forum-page forum-page--narrow" data-testid="create-post-page">
      <RequireSignIn>
        <Loader />
      </RequireSignIn>
    </div>
  );
}
