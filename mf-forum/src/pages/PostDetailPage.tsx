import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { errorMessage, isApiError, useApi, useSession } from '@forum/sdk';
import { EmptyState, ErrorState, buttonClassName } from '@forum/ui';
import { forumKeys } from '../lib/forumKeys';
import { PostDetailSkeleton } from '../components/post/PostDetailSkeleton';
import { PostView } from '../components/post/PostView';
import { TEXTS } from '../texts';

export default function PostDetailPage() {
  const { id = '' } = useParams();
  const api = useApi();
  const { status } = useSession();
  const post = useQuery({
    queryKey: forumKeys.post(id),
    queryFn: () => api.call('GET /api/posts/{id}', { params: { id } }),
    retry: (n, err) => !(isApiError(err) && [400, 403, 404].includes(err.status)) && n < 1,
    enabled: status !== 'loading',
  });
  let body;
  if (post.isPending) body = <PostDetailSkeleton />;
  else if (post.isError) {
    const err = post.error;
    if (isApiError(err) && (err.status === 404 || err.status === 400)) {
      body = (
        <EmptyState
          title={TEXTS.postNotFound}
          message={TEXTS.postNotFoundText}
          action={
            <Link to="/" className={buttonClassName('secondary')} data-testid="go-home">
              {TEXTS.goHome}
            </Link>
          }
          data-testid="post-not-found"
        />
      );
    } else if (isApiError(err) && err.status === 403) {
      body = (
        <EmptyState
          title={TEXTS.signUpRequired}
          message={errorMessage(err, TEXTS.nsfwSignUp)}
          action={
            <div className="forum-form__actions">
              <Link to="/register" className={buttonClassName('primary')}>
                {TEXTS.createAccount}
              </Link>
              <Link to="/login" className={buttonClassName('secondary')}>
                {TEXTS.signIn}
              </Link>
            </div>
          }
          data-testid="post-nsfw"
        />
      );
    } else {
      body = (
        <ErrorState
          title={TEXTS.postFailed}
          onRetry={() => void post.refetch()}
          data-testid="post-error"
        />
      );
    }
  } else body = <PostView key={post.data.post.id} post={post.data.post} />;
  return (
    <div className="forum-page" data-testid="post-page">
      {body}
    </div>
  );
}
