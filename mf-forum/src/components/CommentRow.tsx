import { Link } from 'react-router-dom';
import type { Comment } from '@forum/contracts';
import { Card } from '@forum/ui';
import { plainPreviewText, truncate } from '../lib/display';
import type { ReactNode } from 'react';
import { ItemMarks } from './moderation/ItemMarks';
import { RelativeTime } from './RelativeTime';

/** A comment in saved and profile lists, linking to its place in the post (removed: marked). */
export function CommentRow({ comment, actions }: { comment: Comment; actions?: ReactNode }) {
  const href = `/post/${encodeURIComponent(comment.post_id)}#comment-${comment.id}`;
  return (
    <Card className="forum-comment-row" data-testid="comment-row" data-comment-id={comment.id}>
      <div className="forum-meta">
        {comment.community_name ? (
          <Link to={`/c/${encodeURIComponent(comment.community_name)}`}>
            c/{comment.community_name}
          </Link>
        ) : null}
        <span>
          by{' '}
          {comment.author_id ? (
            <Link to={`/u/${encodeURIComponent(comment.author_username)}`}>
              u/{comment.author_username}
            </Link>
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
        <Link to={href}>{truncate(plainPreviewText(comment.content), 300)}</Link>
      </p>
      <div className="forum-actions">
        <span className="forum-muted forum-small">{comment.score} points</span>
        {actions}
      </div>
    </Card>
  );
}
