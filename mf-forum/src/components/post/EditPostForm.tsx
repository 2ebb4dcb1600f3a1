import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage, useApi } from '@forum/sdk';
import type { Post } from '@forum/contracts';
import { Alert, Button, TextField } from '@forum/ui';
import { forumKeys } from '../../lib/forumKeys';
import { MarkdownField } from '../rich/MarkdownField';
import { TextAreaField } from '../TextArea';
import { TEXTS } from '../../texts';

/** The author's in-place edit of a post's title and content. */
export function EditPostForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(post.title);
  const [content, setContent] = useState(post.content);
  const [error, setError] = useState<string | null>(null);
  const [titleError, setTitleError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (title.trim() === '') {
      setTitleError(TEXTS.titleRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await api.call('PUT /api/posts/{id}', {
        params: { id: post.id },
        body: { title: title.trim(), content },
      });
      queryClient.setQueryData(forumKeys.post(post.id), (old: { post: Post } | undefined) => ({
        post: { ...(old?.post ?? post), ...res.post },
      }));
      void queryClient.invalidateQueries({ queryKey: ['posts'], refetchType: 'none' });
      onDone();
    } catch (err) {
      setError(errorMessage(err, TEXTS.updatePostFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="forum-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      data-testid="post-edit-form"
    >
      {error ? (
        <Alert variant="error" data-testid="post-edit-error">
          {error}
        </Alert>
      ) : null}
      <TextField
        label="Title"
        value={title}
        onChange={(e) => {
          setTitle(e.target.value);
          setTitleError(undefined);
        }}
        error={titleError}
        testId="edit-title-input"
      />
      {post.type === 'link' ? (
        <TextAreaField
          label="URL"
          rows={6}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          testId="edit-content-input"
        />
      ) : post.type !== 'image' || post.content ? (
        // Text and image descriptions are Markdown; a link post's content is its URL.
        <MarkdownField
          label={post.type === 'image' ? 'Description' : 'Content'}
          rows={6}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          testId="edit-content-input"
        />
      ) : null}
      <div className="forum-form__actions">
        <Button variant="secondary" onClick={onDone} data-testid="edit-cancel">
          {TEXTS.cancel}
        </Button>
        <Button type="submit" disabled={busy || title.trim() === ''} data-testid="edit-submit">
          {TEXTS.updatePost}
        </Button>
      </div>
    </form>
  );
}
