import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useApi, useSession } from '@forum/sdk';
import type { CommentPageResponse } from '@forum/contracts';
import { EmptyState, Spinner, buttonClassName } from '@forum/ui';
import { forumKeys } from '../lib/forumKeys';
import { CommentRow } from '../components/CommentRow';
import { PagedListSection } from '../components/PagedListSection';
import { PostCard, PostListSkeleton } from '../components/PostCard';
import { SaveButton } from '../components/PostParts';
import { useToast } from '../components/Toast';
import { TEXTS } from '../texts';

const PAGE = 10;
const next =
  <T,>(items: (p: T) => unknown[]) =>
  (last: T & { pagination: { hasMore: boolean } }, pages: T[]) =>
    last.pagination.hasMore ? pages.reduce((n, p) => n + items(p).length, 0) : undefined;

function SavedPosts({ userId }: { userId: string }) {
  const api = useApi();
  const q = useInfiniteQuery({
    queryKey: [...forumKeys.savedPosts, userId],
    queryFn: ({ pageParam }) =>
      api.call('GET /api/posts/saved/my', { query: { limit: PAGE, offset: pageParam } }),
    initialPageParam: 0,
    getNextPageParam: next((p: { posts: unknown[] }) => p.posts),
  });
  return (
    <PagedListSection
      query={q}
      items={q.data?.pages.flatMap((p) => p.posts) ?? []}
      renderItem={(p) => <PostCard post={p} />}
      loading={<PostListSkeleton count={2} testId="saved-posts-loading" />}
      errorTitle={TEXTS.savedPostsFailed}
      errorTestId="saved-posts-error"
      emptyText={TEXTS.noSavedPosts}
      emptyTestId="saved-posts-empty"
      listTestId="saved-posts-list"
      loadMoreTestId="load-more-saved-posts"
    />
  );
}

function SavedComments({ userId }: { userId: string }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const key = [...forumKeys.savedComments, userId];
  const q = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) =>
      api.call('GET /api/comments/saved/my', { query: { limit: PAGE, offset: pageParam } }),
    initialPageParam: 0,
    getNextPageParam: next((p: { comments: unknown[] }) => p.comments),
  });
  type Data = InfiniteData<CommentPageResponse, number>;
  // Spec §4: unsaving removes the comment from the saved list (optimistic, rolled back).
  const unsave = useMutation({
    mutationFn: (id: string) => api.call('DELETE /api/comments/{id}/save', { params: { id } }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key });
      const prev = queryClient.getQueryData<Data>(key);
      queryClient.setQueryData<Data>(key, (old) =>
        old
          ? {
              ...old,
              pages: old.pages.map((p) => ({
                ...p,
                comments: p.comments.filter((c) => c.id !== id),
              })),
            }
          : old,
      );
      return { prev };
    },
    onError: (_e, _id, ctx) => {
      if (ctx?.prev) queryClient.setQueryData(key, ctx.prev);
      toast(TEXTS.saveCommentFailed);
    },
    onSettled: () =>
      void queryClient.invalidateQueries({ queryKey: ['comments', 'post'], refetchType: 'none' }),
  });
  return (
    <PagedListSection
      query={q}
      items={q.data?.pages.flatMap((p) => p.comments) ?? []}
      renderItem={(c) => (
        <CommentRow
          comment={c}
          actions={<SaveButton saved testId="comment-save" onToggle={() => unsave.mutate(c.id)} />}
        />
      )}
      loading={<Spinner block data-testid="saved-comments-loading" />}
      errorTitle={TEXTS.savedCommentsFailed}
      errorTestId="saved-comments-error"
      emptyText={TEXTS.noSavedComments}
      emptyTestId="saved-comments-empty"
      listTestId="saved-comments-list"
      loadMoreTestId="load-more-saved-comments"
    />
  );
}

export default function SavedPage() {
  const { status, user } = useSession();
  return (
    <div className="forum-page" data-testid="saved-page">
      {status === 'loading' ? (
        <Spinner block />
      ) : status !== 'signed-in' || !user ? (
        <EmptyState
          title={TEXTS.savedSignIn}
          message={TEXTS.savedSignInText}
          action={
            <Link
              to="/login"
              state={{ from: '/saved' }}
              className={buttonClassName('primary')}
              data-testid="saved-sign-in"
            >
              {TEXTS.signIn}
            </Link>
          }
          data-testid="saved-signed-out"
        />
      ) : (
        <>
          <h1 className="forum-page__title">Saved</h1>
          <section
            className="forum-section"
            aria-labelledby="saved-posts"
            data-testid="saved-posts"
          >
            <h2 id="saved-posts" className="forum-section__title">
              {TEXTS.savedPosts}
            </h2>
            <SavedPosts userId={user.id} />
          </section>
          <section
            className="forum-section"
            aria-labelledby="saved-comments"
            data-testid="saved-comments"
          >
            <h2 id="saved-comments" className="forum-section__title">
              {TEXTS.savedComments}
            </h2>
            <SavedComments userId={user.id} />
          </section>
        </>
      )}
    </div>
  );
}
