import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router-dom';
import { isApiError, useApi } from '@forum/sdk';
import { ErrorState, Spinner } from '@forum/ui';
import { postPath } from '../lib/communityModeration';
import { MODERATION_TEXTS } from '../moderationTexts';

/**
 * /c/{name}/comment/{id}: where the moderation screens link a comment (their entries know the
 * comment, not its post). Asks the comment for its post and opens it at the comment.
 */
export default function CommentLinkPage() {
  const { commentId = '' } = useParams();
  const api = useApi();
  const comment = useQuery({
    queryKey: ['comments', 'link', commentId],
    queryFn: ({ signal }) =>
      api.call('GET /api/comments/{id}', { params: { id: commentId } }, { signal }),
    retry: (count, err) => !(isApiError(err) && err.status >= 400 && err.status < 500) && count < 1,
  });
  if (comment.isPending) return <Spinner block data-testid="comment-link-loading" />;
  if (comment.isError) {
    return (
      <ErrorState
        title={MODERATION_TEXTS.commentLinkFailed}
        message={isApiError(comment.error) ? comment.error.message : undefined}
        data-testid="comment-link-error"
      />
    );
  }
  const { post_id, id } = comment.data.comment;
  return <Navigate replace to={`${postPath(post_id)}#comment-${id}`} />;
}
