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

/** Puts one of the `unread` event's counts into the query cache (the header badges follow). */
function useLiveUnread(
  key: (userId: string) => readonly unknown[],
  pick: (counts: { notifications: number; messages: number }) => number,
  userId: string,
) {
  const client = useQueryClient();
  useLiveEvent('unread', (counts) => {
    if (userId) client.setQueryData(key(userId), pick(counts));
  });
}

/**
 * Unread notifications of the signed-in user (GET /notifications/unread-count), shared by every
 * app through the query cache under queryKeys.notifications.unreadCount(userId).
 */
export function useUnreadNotificationsCount() {
  const api = useApi();
  const { status, user } = useSession();
  const userId = user?.id ?? '';
  useLiveUnread(queryKeys.notifications.unreadCount, (c) => c.notifications, userId);
  return useQuery({
    queryKey: queryKeys.notifications.unreadCount(userId),
    queryFn: async ({ signal }) =>
      (await api.call('GET /api/notifications/unread-count', {}, { signal })).unreadCount,
    enabled: status === 'signed-in' && userId !== '',
    ...usePollOptions(),
  });
}

/** Unread private messages (GET /messages/unread-count), under queryKeys.messages.unreadCount. */
export function useUnreadMessagesCount() {
  const api = useApi();
  const { status, user } = useSession();
  const userId = user?.id ?? '';
  useLiveUnread(queryKeys.messages.unreadCount, (c) => c.messages, userId);
  return useQuery({
    queryKey: queryKeys.messages.unreadCount(userId),
    queryFn: async ({ signal }) =>
      (await api.call('GET /api/messages/unread-count', {}, { signal })).unreadCount,
    enabled: status === 'signed-in' && userId !== '',
    ...usePollOptions(),
  });
}
