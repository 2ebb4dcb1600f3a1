import { useInfiniteQuery } from '@tanstack/react-query';
import { useApi, useLiveStatus, useSession } from '@forum/sdk';
import {
  CONVERSATIONS_LIMIT,
  LIST_POLL_MS,
  inboxKeys,
  retryUnlessClientError,
} from '../lib/inboxQueries';

/**
 * GET /messages/conversations?page&limit=20, page by page ("Load more"); polled only while the
 * browser's stream is down (pushed messages refetch it otherwise, useLiveInbox).
 */
export function useConversations() {
  const api = useApi();
  const { status, user } = useSession();
  const userId = user?.id ?? '';
  const live = useLiveStatus() === 'live';
  return useInfiniteQuery({
    queryKey: inboxKeys.conversations(userId),
    queryFn: ({ pageParam, signal }) =>
      api.call(
        'GET /api/messages/conversations',
        { query: { page: pageParam, limit: CONVERSATIONS_LIMIT } },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled: status === 'signed-in' && userId !== '',
    retry: retryUnlessClientError,
    staleTime: 5_000,
    refetchInterval: live ? false : LIST_POLL_MS,
    refetchIntervalInBackground: false,
  });
}
