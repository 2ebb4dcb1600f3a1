import { useQuery } from '@tanstack/react-query';
import { queryKeys } from './queryKeys';
import { useApi, useSession } from './react';

/** Spec §9: notification and message unread counts are polled every 30 s. */
export const UNREAD_POLL_MS = 30_000;

const pollOptions = {
  refetchInterval: UNREAD_POLL_MS,
  // Paused while the tab is hidden; refreshed as soon as it is visible again.
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: 'always',
  staleTime: UNREAD_POLL_MS,
} as const;

/**
 * Unread notifications of the signed-in user (GET /notifications/unread-count), shared by every
 * app through the query cache under queryKeys.notifications.unreadCount(userId).
 */
export function useUnreadNotificationsCount() {
  const api = useApi();
  const { status, user } = useSession();
  const userId = user?.id ?? '';
  return useQuery({
    queryKey: queryKeys.notifications.unreadCount(userId),
    queryFn: async ({ signal }) =>
      (await api.call('GET /api/notifications/unread-count', {}, { signal })).unreadCount,
    enabled: status === 'signed-in' && userId !== '',
    ...pollOptions,
  });
}

/** Unread private messages (GET /messages/unread-count), under queryKeys.messages.unreadCount. */
export function useUnreadMessagesCount() {
  const api = useApi();
  const { status, user } = useSession();
  const userId = user?.id ?? '';
  return useQuery({
    queryKey: queryKeys.messages.unreadCount(userId),
    queryFn: async ({ signal }) =>
      (await api.call('GET /api/messages/unread-count', {}, { signal })).unreadCount,
    enabled: status === 'signed-in' && userId !== '',
    ...pollOptions,
  });
}
