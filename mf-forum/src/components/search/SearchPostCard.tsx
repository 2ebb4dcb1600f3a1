import type { PostSearchHit } from '@forum/contracts';
import { previewLength } from '../../lib/display';
import { PostCard } from '../PostCard';
import { Highlighted } from './Highlighted';

/** A post found: the feed's card with the matched words of its title and text marked. */
export function SearchPostCard({ post }: { post: PostSearchHit }) {
  return (
    <PostCard
      post={post}
      marked={{
        title: <Highlighted text={post.title} ranges={post.highlights.title} />,
        preview: (
          <Highlighted
            text={post.content}
            ranges={post.highlights.content}
            max={previewLength(post.type)}
            markdown
          />
        ),
      }}
    />
  );
}
