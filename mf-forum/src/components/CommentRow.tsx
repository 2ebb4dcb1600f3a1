import { Link } from 'react-router-dom';
import type { Comment } from '@forum/contracts';
import { Card } from '@forum/ui';
import { markdownPreview, plainPreviewText, plural } from '../lib/display';
import type { ReactNode } from 'react';
import { ItemMarks } from './moderation/ItemMarks';
import { RelativeTime } from './RelativeTime';
import { AuthorName } from './AuthorName';

/** Comments in lists show 300 characters. */
export const COMMENT_PREVIEW = 300;

/**
 * A comment in saved, profile and search lists, linking to its place in the post (removed:
 * marked); `content` replaces the plain preview (search marks its matched words).
 */
export function CommentRow({
  comment,
  actions,
  content,
}: {
  comment: Comment;
  actions?: ReactNode;
  content?: ReactNode;
}) {
  const href = `/post/${encodeURIComponent(comment.post_id)}#comment-${comment.id}`;
  return (
    <Card className="forum-comment-row" data-testid="comment-row" data-comment-id={comment.id}>
      <div className="forum-meta">
        {comment.community_name ? (
          <Link
            to={`/c/${encodeURIComponent(comment.community_name)}`}
            data-testid="comment-row-community"
          >
            c/{comment.community_name}
          </Link>
        ) : null}
        <span>
          by{' '}
          {comment.author_id ? (
            <AuthorName username={comment.author_username} />
          ) : (
            // A deleted or removed comment's author is hidden ('[deleted]', '[removed]').
            comment.author_username
          )}
        </span>
        <RelativeTime value={comment.created_at} />
        <ItemMarks item={comment} />
      </div>
      {comment.post_title ? (
        <p className="forum-small">
          on{' '}
          <Link to={href} data-testid="comment-row-post">
            {plainPreviewText(comment.post_title)}
          </Link>
        </p>
      ) : null}
      <p className="forum-comment-row__text" data-testid="comment-row-content">
        <Link to={href}>{content ?? markdownPreview(comment.content, COMMENT_PREVIEW)}</Link>
      </p>
      <div className="forum-actions">
        <span className="forum-muted forum-small">{plural(comment.score, 'point', 'points')}</span>
        {actions}
      </div>
    </Card>
  );
}
