import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button, EmptyState, ErrorState, Spinner } from '@forum/ui';
import { useApi } from '@forum/sdk';
import type { CallQuery } from '@forum/sdk';
import { forumKeys } from '../lib/forumKeys';
import { plural } from '../lib/display';
import { useInfiniteScroll } from '../hooks/useInfiniteScroll';
import { PostCard, PostListSkeleton } from './PostCard';
import { TEXTS } from '../texts';

/**
 * A paged post list (offset based): skeletons while loading, Load More Posts, optional infinite
 * scroll, the end text and the empty and error states the caller names.
 */
export function PostFeed({
  params,
  pageSize,
  infinite = false,
  showCommunity = true,
  errorTitle = TEXTS.postsFailed,
  empty,
  endText,
  enabled = true,
  testId = 'post-list',
}: {
  params: Omit<CallQuery<'GET /api/posts'>, 'limit' | 'offset'>;
  pageSize: number;
  infinite?: boolean;
  showCommunity?: boolean;
  errorTitle?: string;
  empty: ReactNode;
  endText?: string;
  enabled?: boolean;
  testId?: string;
}) {
  const api = useApi();
  const query = useInfiniteQuery({
    queryKey: forumKeys.posts({ ...params, limit: pageSize }),
    queryFn: ({ pageParam, signal }) =>
      api.call(
        'GET /api/posts',
        { query: { ...params, limit: pageSize, offset: pageParam } },
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.pagination.hasMore ? pages.reduce((n, p) => n + p.posts.length, 0) : undefined,
    enabled,
  });
  const loadMore = () => {
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };
  const sentinel = useInfiniteScroll(
    infinite && Boolean(query.hasNextPage) && !query.isFetchingNextPage,
    loadMore,
  );

  if (query.isPending) return <PostListSkeleton />;
  if (query.isError) {
    return (
      <ErrorState
        title={errorTitle}
        onRetry={() => void query.refetch()}
        data-testid="posts-error"
      />
    );
  }
  const posts = query.data.pages.flatMap((p) => p.posts);
  if (posts.length === 0) return <>{empty}</>;
  return (
    <>
      <div className="forum-post-list" data-testid={testId}>
        {posts.map((post) => (
          <PostCard key={post.id} post={post} showCommunity={showCommunity} />
        ))}
      </div>
      {query.hasNextPage ? (
        <div className="forum-more" ref={sentinel}>
          <Button
            variant="secondary"
            onClick={loadMore}
            disabled={query.isFetchingNextPage}
            data-testid="load-more-posts"
          >
            {query.isFetchingNextPage ? TEXTS.loading : TEXTS.loadMorePosts}
          </Button>
        </div>
      ) : endText ? (
        <div className="forum-end" data-testid="feed-end">
          <p>{endText}</p>
          <p className="forum-muted" data-testid="feed-count">
            {plural(posts.length, 'post', 'posts')}
          </p>
        </div>
      ) : null}
      {query.isFetchingNextPage ? <Spinner label="Loading more posts" /> : null}
    </>
  );
}

export function NoPosts({
  title = TEXTS.noPosts,
  message,
  action,
}: {
  title?: string;
  message?: ReactNode;
  action?: ReactNode;
}) {
  return <EmptyState title={title} message={message} action={action} data-testid="posts-empty" />;
}
