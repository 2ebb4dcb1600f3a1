import { useInfiniteQuery } from '@tanstack/react-query';
import { useApi, useLiveStatus, useSession } from '@forum/sdk';
import {
  CONVERSATION_POLL_MS,
  MESSAGES_LIMIT,
  inboxKeys,
  retryUnlessClientError,
} from '../lib/inboxQueries';

/**
 * GET /messages/conversations/{id}?page&limit=50. Page 1 holds the latest 50 (oldest first);
 * "Load earlier" fetches page 2, 3... All loaded pages are polled together every 10 s while the
 * tab is visible, so the windows stay consistent. Opening (and polling) marks the other's
 * messages read on the server. While the browser's stream is live, pushed messages refetch it
 * instead (useLiveInbox), and so does coming back to the tab.
 */
export function useConversation(id: string) {
  const api = useApi();
  const { status, user } = useSession();
  const userId = user?.id ?? '';
  const live = useLiveStatus() === 'live';
  return useInfiniteQuery({
    queryKey: inboxKeys.conversation(userId, id),
    queryFn: ({ pageParam, signal }) =>
      api.call(
        'GET /api/messages/conversations/{id}',
        { params: { id }, query: { page: pageParam, limit: MESSAGES_LIMIT } },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled: status === 'signed-in' && userId !== '' && id !== '',
    retry: retryUnlessClientError,
    staleTime: 0,
    refetchInterval: (query) =>
      live || query.state.status === 'error' ? false : CONVERSATION_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: live,
  });
}
