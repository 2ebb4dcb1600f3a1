import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { errorMessage, isApiError, useSession } from '@forum/sdk';
import { EmptyState, ErrorState, buttonClassName } from '@forum/ui';
import { forumKeys, useForumApi } from '../api/forum';
import { PostDetailSkeleton } from '../components/post/PostDetailSkeleton';
import { PostView } from '../components/post/PostView';

export default function PostDetailPage() {
  const { id = '' } = useParams();
  const api = useForumApi();
  const { status } = useSession();
  const post = useQuery({
    queryKey: forumKeys.post(id),
    queryFn: () => api.posts.get(id),
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
          title="Post not found"
          message="It may have been deleted."
          action={
            <Link to="/" className={buttonClassName('secondary')} data-testid="go-home">
              Go Home
            </Link>
          }
          data-testid="post-not-found"
        />
      );
    } else if (isApiError(err) && err.status === 403) {
      body = (
        <EmptyState
          title="Sign Up Required"
          message={errorMessage(err, 'Sign up to view NSFW content')}
          action={
            <div className="forum-form__actions">
              <Link to="/register" className={buttonClassName('primary')}>
                Create Account
              </Link>
              <Link to="/login" className={buttonClassName('secondary')}>
                Sign In
              </Link>
            </div>
          }
          data-testid="post-nsfw"
        />
      );
    } else {
      body = (
        <ErrorState
          title="Failed to load post"
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
