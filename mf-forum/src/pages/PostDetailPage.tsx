import { useEffect, useState } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { errorMessage, isApiError, useSession } from '@forum/sdk';
import type { CommentSort, Post } from '@forum/contracts';
import {
  Alert,
  Button,
  Card,
  EmptyState,
  ErrorState,
  Skeleton,
  TextField,
  buttonClassName,
} from '@forum/ui';
import { COMMENT_PAGE_SIZE, forumKeys, useForumApi } from '../api/forum';
import { TypeIcon } from '../components/icons';
import { PostLink } from '../components/PostCard';
import {
  ImageViewer,
  Reactions,
  SaveButton,
  ShareButton,
  VoteColumn,
} from '../components/PostParts';
import { TextAreaField } from '../components/TextArea';
import { useToast } from '../components/Toast';
import { usePostActions } from '../components/usePostActions';
import { plural, safeMediaUrl, stripMarkup } from '../lib/display';
import { CommentForm, CommentList, CommentsContext, threadsOf } from './Comments';
import { RelativeTime } from '../components/RelativeTime';

export const HIGHLIGHT_MS = 3000;

function SubscribeButton({ postId }: { postId: string }) {
  const api = useForumApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { status, user } = useSession();
  const enabled = status === 'signed-in';
  const key = [...forumKeys.subscription(postId), user?.id ?? ''];
  const query = useQuery({ queryKey: key, queryFn: () => api.posts.subscription(postId), enabled });
  // Spec §4: toggled after the server succeeds (not optimistic).
  const mutation = useMutation({
    mutationFn: (next: boolean) =>
      next ? api.posts.subscribe(postId) : api.posts.unsubscribe(postId),
    onSuccess: (res) => queryClient.setQueryData(key, res),
    onError: () => toast('Failed to update subscription'),
  });
  if (!enabled) return null;
  if (query.isError) {
    return (
      <span className="forum-muted forum-small" data-testid="subscription-error">
        Failed to load subscription status
      </span>
    );
  }
  const subscribed = Boolean(query.data?.subscribed);
  return (
    <button
      type="button"
      className={`forum-action${subscribed ? ' forum-action--active' : ''}`}
      aria-pressed={subscribed}
      disabled={query.isPending || mutation.isPending}
      onClick={() => mutation.mutate(!subscribed)}
      data-testid="subscribe-button"
    >
      {subscribed ? 'Subscribed' : 'Subscribe'}
    </button>
  );
}

function EditPost({ post, onDone }: { post: Post; onDone: () => void }) {
  const api = useForumApi();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(post.title);
  const [content, setContent] = useState(post.content);
  const [error, setError] = useState<string | null>(null);
  const [titleError, setTitleError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (title.trim() === '') {
      setTitleError('Title is required');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await api.posts.update(post.id, { title: title.trim(), content });
      queryClient.setQueryData(forumKeys.post(post.id), (old: { post: Post } | undefined) => ({
        post: { ...(old?.post ?? post), ...res.post },
      }));
      void queryClient.invalidateQueries({ queryKey: ['posts'], refetchType: 'none' });
      onDone();
    } catch (err) {
      setError(errorMessage(err, 'Failed to update post. Please try again.'));
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
      {post.type !== 'image' || post.content ? (
        <TextAreaField
          label={post.type === 'link' ? 'URL' : post.type === 'image' ? 'Description' : 'Content'}
          rows={6}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          testId="edit-content-input"
        />
      ) : null}
      <div className="forum-form__actions">
        <Button variant="secondary" onClick={onDone} data-testid="edit-cancel">
          Cancel
        </Button>
        <Button type="submit" disabled={busy || title.trim() === ''} data-testid="edit-submit">
          Update Post
        </Button>
      </div>
    </form>
  );
}

function PostBody({ post }: { post: Post }) {
  const [viewer, setViewer] = useState(false);
  const image = post.type === 'image' ? safeMediaUrl(post.image_url) : null;
  const title = stripMarkup(post.title);
  return (
    <>
      {image ? (
        <button
          type="button"
          className="forum-detail-image"
          onClick={() => setViewer(true)}
          aria-label={`View image full screen: ${title}`}
          data-testid="post-image"
        >
          <img src={image} alt={title} />
        </button>
      ) : null}
      {post.type === 'link' ? (
        <p>
          <PostLink url={post.content} />
        </p>
      ) : post.content ? (
        <p className="forum-pre" data-testid="post-content">
          {stripMarkup(post.content)}
        </p>
      ) : null}
      {viewer && image ? (
        <ImageViewer src={image} alt={title} onClose={() => setViewer(false)} />
      ) : null}
    </>
  );
}

function PostView({ post }: { post: Post }) {
  const api = useForumApi();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { status, user } = useSession();
  const actions = usePostActions(post);
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [sort, setSort] = useState<CommentSort>('best');
  const [highlight, setHighlight] = useState<string | null>(null);
  const isAuthor = status === 'signed-in' && user?.id === post.author_id;
  const community = `/c/${encodeURIComponent(post.community_name)}`;
  const title = stripMarkup(post.title);

  const comments = useInfiniteQuery({
    queryKey: forumKeys.comments(post.id, sort),
    queryFn: ({ pageParam }) => api.comments.forPost(post.id, sort, pageParam),
    initialPageParam: 0,
    // Offsets step by the page size: comments added meanwhile shift the server's list, which
    // can repeat a thread on the next page (threadsOf drops it) but never skips one.
    getNextPageParam: (last, _all, lastOffset) =>
      last.pagination.hasMore ? lastOffset + COMMENT_PAGE_SIZE : undefined,
  });
  const threads = comments.data ? threadsOf(comments.data) : [];

  // Spec: #comment-{id} scrolls to that comment and highlights it for 3 s.
  const hash = location.hash;
  const loaded = comments.isSuccess;
  useEffect(() => {
    const match = /^#comment-([a-fA-F0-9]{24})$/.exec(hash);
    if (!match || !loaded) return;
    const id = match[1]!;
    const el = document.getElementById(`comment-${id}`);
    if (!el) return;
    el.scrollIntoView({ block: 'center' });
    el.focus({ preventScroll: true });
    setHighlight(id);
    const timer = setTimeout(() => setHighlight(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [hash, loaded]);

  const remove = async () => {
    setDeleteError(null);
    try {
      await api.posts.remove(post.id);
      queryClient.removeQueries({ queryKey: forumKeys.post(post.id) });
      void queryClient.invalidateQueries({ queryKey: ['posts'] });
      navigate(community);
    } catch (err) {
      setDeleteError(errorMessage(err, 'Failed to delete post. Please try again.'));
    }
  };

  return (
    <>
      <nav aria-label="Breadcrumb" className="forum-breadcrumb" data-testid="breadcrumb">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to={community} data-testid="breadcrumb-community">
              c/{post.community_name}
            </Link>
          </li>
          <li aria-current="page">{title}</li>
        </ol>
      </nav>
      <Card
        className="forum-post-card forum-post-detail"
        data-testid="post-detail"
        data-post-id={post.id}
      >
        <VoteColumn vote={actions.vote} onVote={actions.onVote} label={title} />
        <div className="forum-post-card__body">
          <div className="forum-meta">
            <span className="forum-type" data-testid="post-type" data-type={post.type}>
              <TypeIcon type={post.type} />
              <span className="forum-type__label">{post.type}</span>
            </span>
            <Link to={community}>c/{post.community_name}</Link>
            <span>
              Posted by{' '}
              <Link to={`/u/${encodeURIComponent(post.author_username)}`} data-testid="post-author">
                u/{post.author_username}
              </Link>
            </span>
            <RelativeTime value={post.created_at} />
          </div>
          {editing ? (
            <EditPost post={post} onDone={() => setEditing(false)} />
          ) : (
            <>
              <h1
                className="forum-page__title forum-post-detail__title"
                data-testid="post-detail-title"
              >
                {title}
              </h1>
              <PostBody post={post} />
            </>
          )}
          <div className="forum-actions">
            <a href="#comments" className="forum-action" data-testid="post-comments">
              {plural(post.comment_count, 'comment', 'comments')}
            </a>
            <ShareButton postId={post.id} />
            <SaveButton saved={actions.saved} onToggle={actions.onToggleSave} />
            <SubscribeButton postId={post.id} />
            <Reactions state={actions.reactions} onReact={actions.onReact} />
            {isAuthor && !editing ? (
              <>
                <button
                  type="button"
                  className="forum-action"
                  onClick={() => setEditing(true)}
                  data-testid="post-edit"
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="forum-action"
                  onClick={() => setConfirmDelete(true)}
                  data-testid="post-delete"
                >
                  Delete
                </button>
              </>
            ) : null}
          </div>
          {confirmDelete ? (
            <div
              className="forum-confirm"
              role="group"
              aria-label="Confirm delete"
              data-testid="post-delete-confirm"
            >
              <span>Delete this post? This cannot be undone.</span>
              <Button
                size="sm"
                variant="danger"
                onClick={() => void remove()}
                data-testid="post-delete-yes"
              >
                Delete
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setConfirmDelete(false)}>
                Cancel
              </Button>
            </div>
          ) : null}
          {deleteError ? (
            <Alert variant="error" data-testid="post-delete-error">
              {deleteError}
            </Alert>
          ) : null}
        </div>
      </Card>
      <section
        className="forum-section"
        id="comments"
        aria-labelledby="comments-title"
        data-testid="comments-section"
      >
        <div className="forum-section__head">
          <h2 id="comments-title" className="forum-section__title">
            Comments
          </h2>
          <label className="forum-small">
            Sort by{' '}
            <select
              className="ui-input forum-select"
              value={sort}
              onChange={(e) => setSort(e.target.value as CommentSort)}
              data-testid="comment-sort"
            >
              <option value="best">Best</option>
              <option value="top">Top</option>
              <option value="new">New</option>
              <option value="old">Old</option>
            </select>
          </label>
        </div>
        {status === 'signed-in' ? (
          <CommentForm postId={post.id} label="Add a comment" submitLabel="Comment" />
        ) : (
          <p className="forum-muted" data-testid="comment-sign-in">
            <Link to="/login" state={{ from: location }}>
              Sign in
            </Link>{' '}
            to join the discussion.
          </p>
        )}
        <CommentsContext.Provider value={{ post, sort, highlight }}>
          {comments.isPending ? (
            <div aria-busy="true" data-testid="comments-loading">
              <Skeleton width="60%" height="1em" />
              <Skeleton width="90%" height="1em" style={{ marginTop: 8 }} />
            </div>
          ) : comments.isError ? (
            <ErrorState
              title="Failed to load comments"
              onRetry={() => void comments.refetch()}
              data-testid="comments-error"
            />
          ) : threads.length === 0 ? (
            <p className="forum-muted" data-testid="comments-empty">
              No comments yet. Start the conversation!
            </p>
          ) : (
            <>
              <CommentList comments={threads} />
              {comments.hasNextPage ? (
                <div className="forum-more">
                  <Button
                    variant="secondary"
                    onClick={() => void comments.fetchNextPage()}
                    disabled={comments.isFetchingNextPage}
                    data-testid="comments-load-more"
                  >
                    {comments.isFetchingNextPage ? 'Loading...' : 'Load more comments'}
                  </Button>
                </div>
              ) : null}
            </>
          )}
        </CommentsContext.Provider>
      </section>
    </>
  );
}

function DetailSkeleton() {
  return (
    <Card className="forum-post-card" aria-busy="true" data-testid="post-loading">
      <div className="forum-post-card__body">
        <Skeleton width="30%" height="0.8em" />
        <Skeleton width="70%" height="1.8em" style={{ marginTop: 10 }} />
        <Skeleton width="100%" height="0.9em" style={{ marginTop: 14 }} />
        <Skeleton width="90%" height="0.9em" style={{ marginTop: 8 }} />
      </div>
    </Card>
  );
}

export default function PostDetailPage() {
  const { id = '' } = useParams();
  const api = useForumApi();
  const { status } = useSession();
  const post = useQuery({
    queryKey: forumKeys.post(id),
    queryFn: () => api.posts.get(id),
    retry: (n, err) => !(isApiError(err) && [400, 403, 404].includes(err.status)) && n < 1,
    enabled: status !== 'loading',
  });
  let body;
  if (post.isPending) body = <DetailSkeleton />;
  else if (post.isError) {
    const err = post.error;
    if (isApiError(err) && (err.status === 404 || err.status === 400)) {
      body = (
        <EmptyState
          title="Post not found"
          message="It may have been deleted."
          action={
            <Link to="/" className={buttonClassName('secondary')} data-testid="go-home">
              Go Home
            </Link>
          }
          data-testid="post-not-found"
        />
      );
    } else if (isApiError(err) && err.status === 403) {
      body = (
        <EmptyState
          title="Sign Up Required"
          message={errorMessage(err, 'Sign up to view NSFW content')}
          action={
            <div className="forum-form__actions">
              <Link to="/register" className={buttonClassName('primary')}>
                Create Account
              </Link>
              <Link to="/login" className={buttonClassName('secondary')}>
                Sign In
              </Link>
            </div>
          }
          data-testid="post-nsfw"
        />
      );
    } else {
      body = (
        <ErrorState
          title="Failed to load post"
          onRetry={() => void post.refetch()}
          data-testid="post-error"
        />
      );
    }
  } else body = <PostView key={post.data.post.id} post={post.data.post} />;
  return (
    <div className="forum-page" data-testid="post-page">
      {body}
    </div>
  );
}
