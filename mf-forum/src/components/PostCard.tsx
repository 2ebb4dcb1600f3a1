import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Post } from '@forum/contracts';
import { Card, Skeleton } from '@forum/ui';
import {
  plainPreviewText,
  plural,
  postPreview,
  safeHttpUrl,
  safeMediaUrl,
  stripMarkup,
} from '../lib/display';
import { TypeIcon } from './icons';
import { ItemMarks } from './moderation/ItemMarks';
import { ImageViewer, Reactions, SaveButton, ShareButton, VoteColumn } from './PostParts';
import { usePostActions } from '../hooks/usePostActions';
import { RelativeTime } from './RelativeTime';
import { AuthorName } from './AuthorName';

/** A link post's URL: a real link only when it is http(s), otherwise plain text (spec §5). */
export function PostLink({ url }: { url: string }) {
  const safe = safeHttpUrl(url);
  const text = plainPreviewText(url);
  if (!safe) {
    return (
      <span className="forum-link forum-link--plain" data-testid="post-link-text">
        {text}
      </span>
    );
  }
  return (
    <a
      className="forum-link"
      href={safe}
      target="_blank"
      rel="noopener noreferrer nofollow ugc"
      data-testid="post-link"
    >
      {text}
    </a>
  );
}

export interface PostCardProps {
  post: Post;
  showCommunity?: boolean;
  /** What the title link and the text preview show instead of the plain text (search marks). */
  marked?: { title: ReactNode; preview: ReactNode };
}

export function PostCard({ post, showCommunity = true, marked }: PostCardProps) {
  const actions = usePostActions(post);
  const [viewer, setViewer] = useState(false);
  const title = stripMarkup(post.title);
  const href = `/post/${encodeURIComponent(post.id)}`;
  const image = post.type === 'image' ? safeMediaUrl(post.image_url) : null;
  const thumb = post.type === 'image' ? (safeMediaUrl(post.thumbnail_url) ?? image) : null;
  const preview = post.type === 'link' ? '' : postPreview(post);
  return (
    <Card className="forum-post-card" data-testid="post-card" data-post-id={post.id}>
      <VoteColumn vote={actions.vote} onVote={actions.onVote} label={title} />
      <div className="forum-post-card__body">
        <div className="forum-meta">
          <span className="forum-type" data-testid="post-type" data-type={post.type}>
            <TypeIcon type={post.type} />
          </span>
          {showCommunity ? (
            <Link to={`/c/${encodeURIComponent(post.community_name)}`} data-testid="post-community">
              c/{post.community_name}
            </Link>
          ) : null}
          <span>
            Posted by <AuthorName username={post.author_username} testId="post-author" />
          </span>
          <RelativeTime value={post.created_at} testId="post-time" />
          <ItemMarks item={post} />
        </div>
        <h3 className="forum-post-card__title">
          <Link to={href} data-testid="post-title">
            {marked ? marked.title : title}
          </Link>
        </h3>
        {thumb && image ? (
          <button
            type="button"
            className="forum-thumb"
            onClick={() => setViewer(true)}
            aria-label={`View image: ${title}`}
            data-testid="post-thumbnail"
          >
            <img src={thumb} alt="" loading="lazy" width={320} height={180} />
          </button>
        ) : null}
        {post.type === 'link' ? <PostLink url={post.content} /> : null}
        {preview ? (
          <p className="forum-post-card__preview" data-testid="post-preview">
            {marked ? marked.preview : preview}
          </p>
        ) : null}
        <div className="forum-actions">
          <Link to={`${href}#comments`} className="forum-action" data-testid="post-comments">
            {plural(post.comment_count, 'comment', 'comments')}
          </Link>
          <ShareButton postId={post.id} />
          <SaveButton saved={actions.saved} onToggle={actions.onToggleSave} />
          <Reactions state={actions.reactions} onReact={actions.onReact} />
        </div>
      </div>
      {viewer && image ? (
        <ImageViewer src={image} alt={title} onClose={() => setViewer(false)} />
      ) : null}
    </Card>
  );
}

export function PostListSkeleton({
  count = 4,
  testId = 'posts-loading',
}: {
  count?: number;
  testId?: string;
}) {
  return (
    // A status (a role that may be named): an unnamed div may not carry aria-label (axe).
    <div
      className="forum-post-list"
      data-testid={testId}
      role="status"
      aria-busy="true"
      aria-label="Loading posts"
    >
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} className="forum-post-card forum-post-card--skeleton">
          <div className="forum-votes">
            <Skeleton width={24} height={60} />
          </div>
          <div className="forum-post-card__body">
            <Skeleton width="40%" height="0.8em" />
            <Skeleton width="80%" height="1.3em" style={{ marginTop: 10 }} />
            <Skeleton width="95%" height="0.9em" style={{ marginTop: 10 }} />
            <Skeleton width="60%" height="0.9em" style={{ marginTop: 10 }} />
          </div>
        </Card>
      ))}
    </div>
  );
}
