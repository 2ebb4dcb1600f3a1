import { useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveEvent, useLiveStatus } from './live/hooks';
import { queryKeys } from './queryKeys';
import { useApi, useSession } from './react';

/** Spec §9: notification and message unread counts are polled every 30 s. */
export const UNREAD_POLL_MS = 30_000;

/**
 * Polling is the fallback (EXTENSIONS §L): while the browser's stream is live, its `unread`
 * events set the counts and nothing is polled; while it is down, every 30 s as spec §9 says.
 */
function usePollOptions() {
  const live = useLiveStatus() === 'live';
  return {
    refetchInterval: live ? false : UNREAD_POLL_MS,
    // Paused while the tab is hidden; refreshed as soon as it is visible again.
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: live ? false : 'always',
    staleTime: UNREAD_POLL_MS,
  } as const;
}

type UnreadCounts = { notifications: number; messages: number };

/**
 * One unread counter: GET `path` (polled while the stream is down), and the stream's `unread`
 * events put into the query cache as they come (the header badges follow). An answer that was on
 * its way when an event came may have been counted before it: it leaves the pushed count in place
 * rather than put an older one back (the badge would stay wrong until the next change).
 */
function useUnreadCount(
  path: 'GET /api/notifications/unread-count' | 'GET /api/messages/unread-count',
  key: (userId: string) => readonly unknown[],
  pick: (counts: UnreadCounts) => number,
) {
  const api = useApi();
  const client = useQueryClient();
  const { status, user } = useSession();
  const userId = user?.id ?? '';
  const pushedAt = useRef(0);
  useLiveEvent('unread', (counts) => {
    if (!userId) return;
    pushedAt.current = performance.now();
    client.setQueryData(key(userId), pick(counts));
  });
  return useQuery({
    queryKey: key(userId),
    queryFn: async ({ signal }) => {
      const sentAt = performance.now();
      const { unreadCount } = await api.call(path, {}, { signal });
      if (pushedAt.current <= sentAt) return unreadCount;
      return client.getQueryData<number>(key(userId)) ?? unreadCount;
    },
    enabled: status === 'signed-in' && userId !== '',
    ...usePollOptions(),
  });
}

/**
 * Unread notifications of the signed-in user (GET /notifications/unread-count), shared by every
 * app through the query cache under queryKeys.notifications.unreadCount(userId).
 */
export function useUnreadNotificationsCount() {
  return useUnreadCount(
    'GET /api/notifications/unread-count',
    queryKeys.notifications.unreadCount,
    (c) => c.notifications,
  );
}

/** Unread private messages (GET /messages/unread-count), under queryKeys.messages.unreadCount. */
export function useUnreadMessagesCount() {
  return useUnreadCount(
    'GET /api/messages/unread-count',
    queryKeys.messages.unreadCount,
    (c) => c.messages,
  );
}
