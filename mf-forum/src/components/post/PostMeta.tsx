import { Link } from 'react-router-dom';
import type { Post } from '@forum/contracts';
import { TypeIcon } from '../icons';
import { ItemMarks } from '../moderation/ItemMarks';
import { RelativeTime } from '../RelativeTime';
import { AuthorName } from '../AuthorName';

/** Type, community, author, age and moderation marks of the post on its page. */
export function PostMeta({ post, community }: { post: Post; community: string }) {
  return (
    <div className="forum-meta">
      <span className="forum-type" data-testid="post-type" data-type={post.type}>
        <TypeIcon type={post.type} />
        <span className="forum-type__label">{post.type}</span>
      </span>
      <Link to={community}>c/{post.community_name}</Link>
      <span>
        Posted by <AuthorName username={post.author_username} testId="post-author" />
      </span>
      <RelativeTime value={post.created_at} />
      <ItemMarks item={post} />
    </div>
  );
}
