import { Link } from 'react-router-dom';
import type { CommentSearchHit } from '@forum/contracts';
import { Card } from '@forum/ui';
import { plainPreviewText } from '../../lib/display';
import { ItemMarks } from '../moderation/ItemMarks';
import { RelativeTime } from '../RelativeTime';
import { Highlighted } from './Highlighted';
import { SEARCH_TEXTS } from '../../searchTexts';

/** Comments in lists show 300 characters (as CommentRow does). */
const PREVIEW = 300;

/** A comment found: its post and community, and its text with the matched words marked. */
export function SearchCommentCard({ comment }: { comment: CommentSearchHit }) {
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
            <Link to={`/u/${encodeURIComponent(comment.author_username)}`}>
              u/{comment.author_username}
            </Link>
          ) : (
            comment.author_username
          )}
        </span>
        <RelativeTime value={comment.created_at} />
        <ItemMarks item={comment} />
      </div>
      {comment.post_title ? (
        <p className="forum-small">
          {SEARCH_TEXTS.onPost}{' '}
          <Link to={href} data-testid="comment-row-post">
            {plainPreviewText(comment.post_title)}
          </Link>
        </p>
      ) : null}
      <p className="forum-comment-row__text" data-testid="comment-row-content">
        <Link to={href}>
          <Highlighted text={comment.content} ranges={comment.highlights.content} max={PREVIEW} />
        </Link>
      </p>
      <div className="forum-actions">
        <span className="forum-muted forum-small">
          {comment.score} {comment.score === 1 ? SEARCH_TEXTS.point : SEARCH_TEXTS.points}
        </span>
      </div>
    </Card>
  );
}
