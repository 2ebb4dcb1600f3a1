import type { ModlogAction } from '@forum/contracts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

type Status = 'open' | 'closed';

/**
 * React Query keys of the community moderation screens. The team sits under the SDK's
 * 'communities' prefix (a join or leave refreshes it with the rest); the queues under
 * 'moderation', the logs under 'modlog', so one prefix refreshes every page and filter.
 */
export const communityModerationKeys = {
  moderators: (communityId: string) => ['communities', 'moderators', communityId] as const,
  /** Every user's membership answer for a community (a ban or a new seat changes them). */
  memberships: (communityId: string) => ['communities', 'membership', communityId] as const,
  modlogAll: ['modlog'] as const,
  /** `scope`: a community id, or 'site' for /modlog. */
  modlog: (scope: string, action: ModlogAction | undefined) =>
    ['modlog', scope, action ?? 'all'] as const,
  queues: (communityId: string) => ['moderation', communityId] as const,
  reports: (communityId: string, status: Status) =>
    ['moderation', communityId, 'reports', status] as const,
  appeals: (communityId: string, status: Status) =>
    ['moderation', communityId, 'appeals', status] as const,
  bans: (communityId: string) => ['moderation', communityId, 'bans'] as const,
};

/**
 * After a moderation write: the community's queues, its log pages and everyone's membership
 * answer (bans, seats) go stale; `content` also the post and comment lists and pages (a removal
 * or a restore changes what they show).
 */
export function refreshAfterModeration(
  queryClient: QueryClient,
  communityId: string,
  { content = false }: { content?: boolean } = {},
): void {
  void queryClient.invalidateQueries({ queryKey: communityModerationKeys.queues(communityId) });
  void queryClient.invalidateQueries({ queryKey: communityModerationKeys.modlogAll });
  void queryClient.invalidateQueries({
    queryKey: communityModerationKeys.memberships(communityId),
  });
  if (content) {
    void queryClient.invalidateQueries({ queryKey: ['posts'] });
    void queryClient.invalidateQueries({ queryKey: ['comments'] });
  }
}

/** Takes settled items out of every loaded page of a queue at once (no flash before the refetch). */
export function dropFromPages<T, K extends string>(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  listKey: K,
  drop: (item: T) => boolean,
): void {
  queryClient.setQueryData<InfiniteData<Record<K, T[]>>>(queryKey, (old) =>
    old
      ? {
          ...old,
          pages: old.pages.map((page) => ({
            ...page,
            [listKey]: page[listKey].filter((item) => !drop(item)),
          })),
        }
      : old,
  );
}
