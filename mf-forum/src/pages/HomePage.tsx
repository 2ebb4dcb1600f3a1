import { useQuery } from '@tanstack/react-query';
import { queryKeys, useApi } from '@forum/sdk';
import type { ListPostsParams } from '@forum/sdk';
import { Card, EmptyState, ErrorState, Skeleton } from '@forum/ui';
import { PostCard } from './PostCard';

/** Spec §9: public home shows 20 posts, default sort new. */
const HOME_PARAMS: ListPostsParams = { sort: 'new', limit: 20, offset: 0 };

function LoadingList() {
  return (
    <div className="forum-post-list" data-testid="posts-loading" aria-busy="true">
      {Array.from({ length: 4 }, (_, i) => (
        <Card key={i} className="forum-post-card">
          <div className="forum-post-card__body">
            <Skeleton width="40%" height="0.8em" />
            <Skeleton width="80%" height="1.3em" style={{ marginTop: 10 }} />
            <Skeleton width="95%" height="0.9em" style={{ marginTop: 10 }} />
          </div>
        </Card>
      ))}
    </div>
  );
}

export default function HomePage() {
  const api = useApi();
  const posts = useQuery({
    queryKey: queryKeys.posts.list(HOME_PARAMS),
    queryFn: ({ signal }) => api.posts.list(HOME_PARAMS, { signal }),
  });

  return (
    <div className="forum-page" data-testid="home-page">
      <section className="forum-section" data-testid="recent-discussions">
        <h2 className="forum-section__title">Recent Discussions</h2>
        {posts.isPending ? (
          <LoadingList />
        ) : posts.isError ? (
          <ErrorState
            title="Failed to load posts"
            onRetry={() => void posts.refetch()}
            data-testid="posts-error"
          />
        ) : posts.data.posts.length === 0 ? (
          <EmptyState
            title="No posts yet"
            message="Be the first to start a discussion."
            data-testid="posts-empty"
          />
        ) : (
          <div className="forum-post-list" data-testid="post-list">
            {posts.data.posts.map((post) => (
              <PostCard key={post.id} post={post} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
