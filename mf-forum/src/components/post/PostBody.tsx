import { useState } from 'react';
import type { Post } from '@forum/contracts';
import { safeMediaUrl, stripMarkup } from '../../lib/display';
import { PostLink } from '../PostCard';
import { RichText } from '../rich/RichText';
import { ImageViewer } from '../PostParts';
import { isRedacted } from '../moderation/items';
import { TEXTS } from '../../texts';
import '../moderation/moderation.css';

/** A post's image (opens full screen), link or text (Markdown); a removed post's placeholder (§M4). */
export function PostBody({ post }: { post: Post }) {
  const [viewer, setViewer] = useState(false);
  if (isRedacted(post)) {
    return (
      <p className="forum-removed-placeholder" data-testid="post-removed-placeholder">
        {TEXTS.removedPostText}
      </p>
    );
  }
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
        <RichText text={stripMarkup(post.content)} testId="post-content" />
      ) : null}
      {viewer && image ? (
        <ImageViewer src={image} alt={title} onClose={() => setViewer(false)} />
      ) : null}
    </>
  );
}
