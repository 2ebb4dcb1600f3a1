import { createContext, useContext, useState } from 'react';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '@forum/sdk';
import type { Comment, CommentThread, CommentThreadsResponse, Post } from '@forum/contracts';
import { Button, cx } from '@forum/ui';
import { forumKeys, useForumApi } from '../api/forum';
import { SaveButton, VoteColumn } from '../components/PostParts';
import { TextAreaField } from '../components/TextArea';
import { useToast } from '../components/Toast';
import { TEXTS, useSynced, voteOf } from '../components/usePostActions';
import { stripMarkup } from '../lib/display';
import { applyVote } from '../lib/state';
import { RelativeTime } from '../components/RelativeTime';

export const MAX_DEPTH = 3;
type Threads = CommentThreadsResponse;
/** The post page's comments: pages of 50 top-level threads (Load more comments). */
export type ThreadPages = InfiniteData<Threads, unknown>;

/** Every thread of the loaded pages once: new comments shift offsets, so pages may overlap. */
export function threadsOf(data: ThreadPages): CommentThread[] {
  const seen = new Set<string>();
  const out: CommentThread[] = [];
  for (const page of data.pages) {
    for (const c of page.comments) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      out.push(c);
    }
  }
  return out;
}

export interface CommentsCtx {
  post: Post;
  sort: string;
  highlight: string | null;
}
export const CommentsContext = createContext<CommentsCtx | null>(null);

type Mapper = (c: CommentThread) => CommentThread | null;
function mapTree(list: CommentThread[], fn: Mapper): CommentThread[] {
  const out: CommentThread[] = [];
  for (const c of list) {
    const mapped = fn(c);
    if (!mapped) continue;
    out.push({ ...mapped, replies: mapTree(mapped.replies, fn) });
  }
  return out;
}

/** Cache edits of the post's comment threads (all sorts) and its comment_count. */
export function useCommentCache(postId: string) {
  const queryClient = useQueryClient();
  /** Applies fn to every loaded page of every sort; `first` tells the page new threads go to. */
  const editThreads = (fn: (t: Threads, first: boolean) => Threads) =>
    queryClient.setQueriesData<ThreadPages>({ queryKey: forumKeys.commentsOf(postId) }, (old) =>
      old ? { ...old, pages: old.pages.map((page, i) => fn(page, i === 0)) } : old,
    );
  const adjustCount = (delta: number) => {
    queryClient.setQueryData<{ post: Post }>(forumKeys.post(postId), (old) =>
      old
        ? { post: { ...old.post, comment_count: Math.max(0, old.post.comment_count + delta) } }
        : old,
    );
    void queryClient.invalidateQueries({ queryKey: ['posts'], refetchType: 'none' });
  };
  return {
    /** Spec §4: new top-level comments are prepended, replies appended. */
    add(comment: Comment) {
      const node: CommentThread = { ...comment, replies: [] };
      editThreads((t, first) =>
        comment.parent_id
          ? {
              ...t,
              comments: mapTree(t.comments, (c) =>
                c.id === comment.parent_id
                  ? { ...c, reply_count: c.reply_count + 1, replies: [...c.replies, node] }
                  : c,
              ),
            }
          : first
            ? { ...t, comments: [node, ...t.comments] }
            : t,
      );
      adjustCount(1);
    },
    update(comment: Comment) {
      editThreads((t) => ({
        ...t,
        comments: mapTree(t.comments, (c) => (c.id === comment.id ? { ...c, ...comment } : c)),
      }));
    },
    removed(id: string) {
      adjustCount(-1);
      void queryClient.invalidateQueries({ queryKey: forumKeys.commentsOf(postId) });
      void id;
    },
  };
}

export function CommentForm({
  postId,
  parentId,
  onDone,
  autoFocus,
  initial = '',
  commentId,
  label,
  submitLabel,
}: {
  postId: string;
  parentId?: string | null;
  onDone?: () => void;
  autoFocus?: boolean;
  initial?: string;
  commentId?: string;
  label: string;
  submitLabel: string;
}) {
  const api = useForumApi();
  const cache = useCommentCache(postId);
  const toast = useToast();
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const blank = text.trim() === '';
  const submit = async () => {
    if (blank) return;
    setBusy(true);
    try {
      if (commentId) {
        const { comment } = await api.comments.update(commentId, text.trim());
        cache.update(comment);
      } else {
        const { comment } = await api.comments.create({
          content: text.trim(),
          post_id: postId,
          ...(parentId ? { parent_id: parentId } : {}),
        });
        cache.add(comment);
        setText('');
      }
      onDone?.();
    } catch (err) {
      if (commentId) toast('Failed to update comment. Please try again.');
      // Spec §8: other submit failures are only logged.
      else console.error('[forum] comment failed', err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="forum-form forum-comment-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid={commentId ? 'comment-edit-form' : parentId ? 'reply-form' : 'comment-form'}
    >
      <TextAreaField
        label={label}
        rows={3}
        value={text}
        autoFocus={autoFocus}
        onChange={(e) => setText(e.target.value)}
        testId={commentId ? 'comment-edit-input' : parentId ? 'reply-input' : 'comment-input'}
      />
      <div className="forum-form__actions">
        {onDone ? (
          <Button variant="secondary" size="sm" onClick={onDone} data-testid="comment-cancel">
            Cancel
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={blank || busy} data-testid="comment-submit">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function CommentItem({ comment }: { comment: CommentThread }) {
  const ctx = useContext(CommentsContext)!;
  const api = useForumApi();
  const toast = useToast();
  const location = useLocation();
  const cache = useCommentCache(ctx.post.id);
  const { status, user } = useSession();
  const signedIn = status === 'signed-in';
  const [vote, setVote, voteRef] = useSynced(voteOf(comment), comment);
  const [saved, setSaved, savedRef] = useSynced(comment.is_saved, comment);
  const [mode, setMode] = useState<'none' | 'reply' | 'edit' | 'delete'>('none');
  const isAuthor = signedIn && !comment.is_deleted && user?.id === comment.author_id;

  const voteMutation = useMutation({
    mutationFn: (v: 1 | -1) => api.comments.vote(comment.id, v),
    onMutate: (v) => {
      const prev = voteRef.current;
      setVote(applyVote(prev, v));
      return { prev };
    },
    onError: (_e, _v, c) => {
      if (c) setVote(c.prev);
      toast(TEXTS.voteFailed);
    },
    onSuccess: (r) =>
      setVote({
        user_vote: r.vote.vote_type,
        score: r.score,
        upvotes: r.upvotes,
        downvotes: r.downvotes,
      }),
  });
  const saveMutation = useMutation({
    mutationFn: (next: boolean) =>
      next ? api.comments.save(comment.id) : api.comments.unsave(comment.id),
    onMutate: (next) => {
      const prev = savedRef.current;
      setSaved(next);
      return { prev };
    },
    onError: (_e, _v, c) => {
      if (c) setSaved(c.prev);
      toast(TEXTS.saveCommentFailed);
    },
  });
  const deleteMutation = useMutation({
    mutationFn: () => api.comments.remove(comment.id),
    onSuccess: () => cache.removed(comment.id),
    onError: () => toast('Failed to delete comment. Please try again.'),
  });

  return (
    <li
      id={`comment-${comment.id}`}
      className={cx('forum-comment', ctx.highlight === comment.id && 'is-highlighted')}
      data-testid="comment"
      data-comment-id={comment.id}
      data-depth={comment.depth}
      data-highlighted={ctx.highlight === comment.id ? 'true' : undefined}
      tabIndex={-1}
    >
      <div className="forum-comment__meta">
        {comment.is_deleted ? (
          <span>[deleted]</span>
        ) : (
          <Link
            to={`/u/${encodeURIComponent(comment.author_username)}`}
            data-testid="comment-author"
          >
            u/{comment.author_username}
          </Link>
        )}
        <RelativeTime value={comment.created_at} />
      </div>
      {mode === 'edit' ? (
        <CommentForm
          postId={ctx.post.id}
          commentId={comment.id}
          initial={comment.content}
          label="Edit comment"
          submitLabel="Update Comment"
          autoFocus
          onDone={() => setMode('none')}
        />
      ) : (
        <p className="forum-pre forum-comment__content" data-testid="comment-content">
          {stripMarkup(comment.content)}
        </p>
      )}
      {!comment.is_deleted ? (
        <div className="forum-actions">
          <VoteColumn
            vote={vote}
            horizontal
            label={`comment by u/${comment.author_username}`}
            testId="comment"
            onVote={(v) => (signedIn ? voteMutation.mutate(v) : toast(TEXTS.signInVote, 'info'))}
          />
          {signedIn && comment.depth < MAX_DEPTH ? (
            <button
              type="button"
              className="forum-action"
              aria-expanded={mode === 'reply'}
              onClick={() => setMode(mode === 'reply' ? 'none' : 'reply')}
              data-testid="comment-reply"
            >
              Reply
            </button>
          ) : null}
          <SaveButton
            saved={saved}
            testId="comment-save"
            onToggle={() =>
              signedIn
                ? saveMutation.mutate(!savedRef.current)
                : toast(TEXTS.signInSaveComment, 'info')
            }
          />
          <a
            className="forum-action"
            href={`${location.pathname}#comment-${comment.id}`}
            data-testid="comment-permalink"
          >
            Link
          </a>
          {isAuthor ? (
            <>
              <button
                type="button"
                className="forum-action"
                onClick={() => setMode('edit')}
                data-testid="comment-edit"
              >
                Edit
              </button>
              <button
                type="button"
                className="forum-action"
                onClick={() => setMode('delete')}
                data-testid="comment-delete"
              >
                Delete
              </button>
            </>
          ) : null}
        </div>
      ) : null}
      {mode === 'delete' ? (
        <div
          className="forum-confirm"
          role="group"
          aria-label="Confirm delete"
          data-testid="comment-delete-confirm"
        >
          <span>Delete this comment?</span>
          <Button
            size="sm"
            variant="danger"
            disabled={deleteMutation.isPending}
            onClick={() => deleteMutation.mutate()}
            data-testid="comment-delete-yes"
          >
            Delete
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setMode('none')}>
            Cancel
          </Button>
        </div>
      ) : null}
      {mode === 'reply' ? (
        <CommentForm
          postId={ctx.post.id}
          parentId={comment.id}
          label={`Reply to u/${comment.author_username}`}
          submitLabel="Reply"
          autoFocus
          onDone={() => setMode('none')}
        />
      ) : null}
      {comment.replies.length > 0 ? <CommentList comments={comment.replies} nested /> : null}
    </li>
  );
}

export function CommentList({
  comments,
  nested = false,
}: {
  comments: CommentThread[];
  nested?: boolean;
}) {
  return (
    <ul
      className={cx('forum-comments', nested && 'forum-comments--nested')}
      data-testid={nested ? 'replies' : 'comment-list'}
    >
      {comments.map((c) => (
        <CommentItem key={c.id} comment={c} />
      ))}
    </ul>
  );
}
