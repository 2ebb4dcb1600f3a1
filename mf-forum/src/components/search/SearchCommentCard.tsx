import type { CommentSearchHit } from '@forum/contracts';
import { COMMENT_PREVIEW, CommentRow } from '../CommentRow';
import { Highlighted } from './Highlighted';

/** A comment found: the lists' row (its post and community) with the matched words marked. */
export function SearchCommentCard({ comment }: { comment: CommentSearchHit }) {
  return (
    <CommentRow
      comment={comment}
      content={
        <Highlighted
          text={comment.content}
          ranges={comment.highlights.content}
          max={COMMENT_PREVIEW}
          markdown
        />
      }
    />
  );
}
