import type { CommentThread } from '@forum/contracts';
import { cx } from '@forum/ui';
import { CommentItem } from './CommentItem';
import { MoreReplies } from './MoreReplies';

/** A list of comment threads; each comment's replies are a nested CommentList, then "N more
 * replies" when the page left some out. */
export function CommentList({
  comments,
  nested = false,
}: {
  comments: CommentThread[];
  nested?: boolean;
}) {
  return (
    <ul
      className={cx('forum-comments', nested && 'forum-comments--nested')}
      data-testid={nested ? 'replies' : 'comment-list'}
    >
      {comments.map((c) => (
        <CommentItem
          key={c.id}
          comment={c}
          replies={
            <>
              {c.replies.length > 0 ? <CommentList comments={c.replies} nested /> : null}
              <MoreReplies comment={c} />
            </>
          }
        />
      ))}
    </ul>
  );
}
