import { Suspense, useContext, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useIsBlocked, useSession } from '@forum/sdk';
import type { CommentThread } from '@forum/contracts';
import { cx } from '@forum/ui';
import { useCommentActions } from '../../hooks/useCommentActions';
import { stripMarkup } from '../../lib/display';
import { InlineConfirm } from '../InlineConfirm';
import { ItemMarks } from '../moderation/ItemMarks';
import { isRedacted } from '../moderation/items';
import { CommentModerateMenu } from '../moderation/lazy';
import { RemovedNotice } from '../moderation/RemovedNotice';
import { ReportButton } from '../moderation/ReportButton';
import { BlockButton } from '../BlockButton';
import { SaveButton, VoteColumn } from '../PostParts';
import { RelativeTime } from '../RelativeTime';
import { BlockedFold } from './BlockedFold';
import { RichText } from '../rich/RichText';
import { CommentForm } from './CommentForm';
import { CommentsContext } from './CommentsContext';
import { TEXTS } from '../../texts';
import { AuthorName, isDeletedAuthor } from '../AuthorName';

export const MAX_DEPTH = 3;

/**
 * One comment with its actions; `replies` is its nested list (rendered by CommentList). A removed
 * comment keeps its place: '[removed]' without author or actions for most readers; its author
 * and the moderators read it with why, the author may appeal (EXTENSIONS §M4).
 */
export function CommentItem({ comment, replies }: { comment: CommentThread; replies: ReactNode }) {
  const ctx = useContext(CommentsContext)!;
  const location = useLocation();
  const { status, user } = useSession();
  const signedIn = status === 'signed-in';
  const actions = useCommentActions(ctx.post.id, comment);
  const [mode, setMode] = useState<'none' | 'reply' | 'edit' | 'delete'>('none');
  // A blocked author's comment starts folded (EXTENSIONS §B1); its replies still show. The
  // reader's own list of blocks (refetched after each Block and Unblock) decides once loaded:
  // the thread's flag is what the forum service knew when it answered, and blocks reach it by
  // event, so a refetch right after an Unblock may still carry the old flag.
  const authorBlocked = useIsBlocked({ id: comment.author_id }, comment.author_blocked === true);
  const [unfolded, setUnfolded] = useState(false);
  const folded = authorBlocked && !unfolded;
  const isAuthor = signedIn && !comment.is_deleted && user?.id === comment.author_id;
  const redacted = isRedacted(comment);
  const removed = comment.removed === true;
  // A locked post takes replies only from its community's moderators (§M2).
  const canReply =
    signedIn && comment.depth < MAX_DEPTH && !removed && (!ctx.post.locked || ctx.canModerate);

  return (
    <li
      id={`comment-${comment.id}`}
      className={cx('forum-comment', ctx.highlight === comment.id && 'is-highlighted')}
      data-testid="comment"
      data-comment-id={comment.id}
      data-depth={comment.depth}
      data-highlighted={ctx.highlight === comment.id ? 'true' : undefined}
      tabIndex={-1}
      data-author-blocked={authorBlocked ? 'true' : undefined}
    >
      {authorBlocked ? (
        <BlockedFold folded={folded} onToggle={() => setUnfolded(!unfolded)} />
      ) : null}
      {folded ? null : (
        <>
          <div className="forum-comment__meta">
            {comment.is_deleted || redacted ? (
              <span data-testid="comment-author-hidden">{comment.author_username}</span>
            ) : (
              <AuthorName username={comment.author_username} testId="comment-author" />
            )}
            <RelativeTime value={comment.created_at} />
            {removed && !redacted ? <ItemMarks item={comment} /> : null}
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
          ) : redacted || comment.is_deleted ? (
            // '[removed]' and '[deleted]' are placeholders, not the author's Markdown.
            <p
              className={cx(
                'forum-pre forum-comment__content',
                redacted && 'forum-removed-placeholder',
              )}
              data-testid="comment-content"
            >
              {stripMarkup(comment.content)}
            </p>
          ) : (
            <RichText
              text={stripMarkup(comment.content)}
              className="forum-comment__content"
              testId="comment-content"
            />
          )}
          {removed && !redacted ? (
            <RemovedNotice
              reason={comment.removal_reason}
              appealModlogId={isAuthor ? comment.removal_modlog_id : undefined}
              testId="comment-removed-notice"
            />
          ) : null}
          {!comment.is_deleted && !redacted ? (
            <div className="forum-actions">
              <VoteColumn
                vote={actions.vote}
                horizontal
                label={`comment by u/${comment.author_username}`}
                testId="comment"
                onVote={actions.onVote}
              />
              {canReply ? (
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
              <SaveButton
                saved={actions.saved}
                testId="comment-save"
                onToggle={actions.onToggleSave}
              />
              <a
                className="forum-action"
                href={`${location.pathname}#comment-${comment.id}`}
                data-testid="comment-permalink"
              >
                Link
              </a>
              {isAuthor && !removed ? (
                <button
                  type="button"
                  className="forum-action"
                  onClick={() => setMode('edit')}
                  data-testid="comment-edit"
                >
                  {TEXTS.edit}
                </button>
              ) : null}
              {isAuthor ? (
                <button
                  type="button"
                  className="forum-action"
                  onClick={() => setMode('delete')}
                  data-testid="comment-delete"
                >
                  {TEXTS.delete}
                </button>
              ) : null}
              {signedIn && !isAuthor && !removed ? (
                <ReportButton
                  target={{ kind: 'comment', id: comment.id }}
                  label={`Report comment by u/${comment.author_username}`}
                />
              ) : null}
              {signedIn && !isAuthor && !removed && !isDeletedAuthor(comment.author_username) ? (
                <BlockButton
                  userId={comment.author_id}
                  username={comment.author_username}
                  testId="comment-block"
                />
              ) : null}
              {ctx.canModerate ? (
                <Suspense fallback={null}>
                  <CommentModerateMenu post={ctx.post} comment={comment} />
                </Suspense>
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
        </>
      )}
      {mode === 'reply' && !folded ? (
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
