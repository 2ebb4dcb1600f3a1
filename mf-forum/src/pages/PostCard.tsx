import { Link } from 'react-router-dom';
import type { Post } from '@forum/sdk';
import { Card } from '@forum/ui';
import { relativeTime, stripMarkup, truncate } from '../text';

function previewLength(post: Post): number {
  if (post.type === 'image') return 150;
  if (post.type === 'text') return 200;
  return 300;
}

export function PostCard({ post }: { post: Post }) {
  const preview = truncate(stripMarkup(post.content ?? ''), previewLength(post));
  return (
    <Card className="forum-post-card" data-testid="post-card" data-post-id={post.id}>
      <div className="forum-post-card__votes" aria-label={`Score ${post.score}`}>
        <span className="forum-post-card__score" data-testid="post-score">
          {post.score}
        </span>
      </div>
      <div className="forum-post-card__body">
        <div className="forum-post-card__meta">
          <Link to={`/c/${encodeURIComponent(post.community_name)}`}>c/{post.community_name}</Link>
          <span aria-hidden="true">•</span>
          <span>
            Posted by{' '}
            <Link to={`/u/${encodeURIComponent(post.author_username)}`}>
              u/{post.author_username}
            </Link>
          </span>
          <span aria-hidden="true">•</span>
          <time dateTime={post.created_at}>{relativeTime(post.created_at)}</time>
        </div>
        <h3 className="forum-post-card__title">
          <Link to={`/post/${encodeURIComponent(post.id)}`} data-testid="post-title">
            {stripMarkup(post.title)}
          </Link>
        </h3>
        {preview ? <p className="forum-post-card__preview">{preview}</p> : null}
        <div className="forum-post-card__footer">
          <Link to={`/post/${encodeURIComponent(post.id)}`}>
            {post.comment_count} {post.comment_count === 1 ? 'comment' : 'comments'}
          </Link>
        </div>
      </div>
    </Card>
  );
}
