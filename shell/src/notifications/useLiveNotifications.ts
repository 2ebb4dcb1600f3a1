import { useQueryClient } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { queryKeys, useLiveEvent } from '@forum/sdk';
import type { Notification } from '@forum/sdk';

interface NotificationsPage {
  notifications: Notification[];
  totalCount: number;
  hasMore: boolean;
}

/**
 * A pushed notification goes on top of the loaded list at once (an open dropdown shows it; a
 * closed one refetches on its next open anyway). The unread badge follows the `unread` event.
 */
export function useLiveNotifications(userId: string) {
  const client = useQueryClient();
  useLiveEvent('notification', (notification) => {
    client.setQueryData<InfiniteData<NotificationsPage, number>>(
      queryKeys.notifications.list(userId),
      (data) => {
        const first = data?.pages[0];
        if (!data || !first) return data;
        const known = data.pages.some((p) => p.notifications.some((n) => n.id === notification.id));
        if (known) return data;
        const top = {
          ...first,
          notifications: [notification, ...first.notifications],
          totalCount: first.totalCount + 1,
        };
        return { ...data, pages: [top, ...data.pages.slice(1)] };
      },
    );
  });
}
