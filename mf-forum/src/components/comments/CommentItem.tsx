import { useContext, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '@forum/sdk';
import type { CommentThread } from '@forum/contracts';
import { cx } from '@forum/ui';
import { useCommentActions } from '../../hooks/useCommentActions';
import { stripMarkup } from '../../lib/display';
import { InlineConfirm } from '../InlineConfirm';
import { SaveButton, VoteColumn } from '../PostParts';
import { RelativeTime } from '../RelativeTime';
import { CommentForm } from './CommentForm';
import { CommentsContext } from './CommentsContext';
import { TEXTS } from '../../texts';

export const MAX_DEPTH = 3;

/** One comment with its actions; `replies` is its nested list (rendered by CommentList). */
export function CommentItem({ comment, replies }: { comment: CommentThread; replies: ReactNode }) {
  const ctx = useContext(CommentsContext)!;
  const location = useLocation();
  const { status, user } = useSession();
  const signedIn = status === 'signed-in';
  const actions = useCommentActions(ctx.post.id, comment);
  const [mode, setMode] = useState<'none' | 'reply' | 'edit' | 'delete'>('none');
  const isAuthor = signedIn && !comment.is_deleted && user?.id === comment.author_id;

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
          label={TEXTS.editComment}
          submitLabel={TEXTS.updateComment}
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
            vote={actions.vote}
            horizontal
            label={`comment by u/${comment.author_username}`}
            testId="comment"
            onVote={actions.onVote}
          />
          {signedIn && comment.depth < MAX_DEPTH ? (
            <button
              type="button"
              className="forum-action"
              aria-expanded={mode === 'reply'}
              onClick={() => setMode(mode === 'reply' ? 'none' : 'reply')}
              data-testid="comment-reply"
            >
              {TEXTS.reply}
            </button>
          ) : null}
          <SaveButton saved={actions.saved} testId="comment-save" onToggle={actions.onToggleSave} />
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
                {TEXTS.edit}
              </button>
              <button
                type="button"
                className="forum-action"
                onClick={() => setMode('delete')}
                data-testid="comment-delete"
              >
                {TEXTS.delete}
              </button>
            </>
          ) : null}
        </div>
      ) : null}
      {mode === 'delete' ? (
        <InlineConfirm
          question={TEXTS.deleteCommentQuestion}
          busy={actions.deleting}
          onConfirm={actions.onDelete}
          onCancel={() => setMode('none')}
          testId="comment-delete"
        />
      ) : null}
      {mode === 'reply' ? (
        <CommentForm
          postId={ctx.post.id}
          parentId={comment.id}
          label={`Reply to u/${comment.author_username}`}
          submitLabel={TEXTS.reply}
          autoFocus
          onDone={() => setMode('none')}
        />
      ) : null}
      {replies}
    </li>
  );
}
