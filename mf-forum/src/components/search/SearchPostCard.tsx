import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { PostSearchHit } from '@forum/contracts';
import { Card } from '@forum/ui';
import { plural, previewLength, safeMediaUrl, stripMarkup } from '../../lib/display';
import { usePostActions } from '../../hooks/usePostActions';
import { TypeIcon } from '../icons';
import { ItemMarks } from '../moderation/ItemMarks';
import { PostLink } from '../PostCard';
import { ImageViewer, Reactions, SaveButton, ShareButton, VoteColumn } from '../PostParts';
import { RelativeTime } from '../RelativeTime';
import { Highlighted } from './Highlighted';

/** A post found: the feed's card (votes, actions) with the matched words of title and text marked. */
export function SearchPostCard({ post }: { post: PostSearchHit }) {
  const actions = usePostActions(post);
  const [viewer, setViewer] = useState(false);
  const title = stripMarkup(post.title);
  const href = `/post/${encodeURIComponent(post.id)}`;
  const image = post.type === 'image' ? safeMediaUrl(post.image_url) : null;
  const thumb = post.type === 'image' ? (safeMediaUrl(post.thumbnail_url) ?? image) : null;
  return (
    <Card className="forum-post-card" data-testid="post-card" data-post-id={post.id}>
      <VoteColumn vote={actions.vote} onVote={actions.onVote} label={title} />
      <div className="forum-post-card__body">
        <div className="forum-meta">
          <span className="forum-type" data-testid="post-type" data-type={post.type}>
            <TypeIcon type={post.type} />
          </span>
          <Link to={`/c/${encodeURIComponent(post.community_name)}`} data-testid="post-community">
            c/{post.community_name}
          </Link>
          <span>
            Posted by{' '}
            <Link to={`/u/${encodeURIComponent(post.author_username)}`} data-testid="post-author">
              u/{post.author_username}
            </Link>
          </span>
          <RelativeTime value={post.created_at} testId="post-time" />
          <ItemMarks item={post} />
        </div>
        <h3 className="forum-post-card__title">
          <Link to={href} data-testid="post-title">
            <Highlighted text={post.title} ranges={post.highlights.title} />
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
        {post.type === 'link' ? (
          <PostLink url={post.content} />
        ) : post.content ? (
          <p className="forum-post-card__preview" data-testid="post-preview">
            <Highlighted
              text={post.content}
              ranges={post.highlights.content}
              max={previewLength(post.type)}
            />
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
