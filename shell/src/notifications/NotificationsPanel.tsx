import { useId } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { NOTIFICATIONS_PAGE_SIZE, queryKeys, useApi } from '@forum/sdk';
import type { Notification, SessionUser } from '@forum/sdk';
import { cx, formatRelativeTime } from '@forum/ui';
import { TEXTS } from '../texts';

interface NotificationsPage {
  notifications: Notification[];
  totalCount: number;
  hasMore: boolean;
}
type ListData = InfiniteData<NotificationsPage, number>;

function setRead(client: QueryClient, userId: string, id: string | null) {
  client.setQueryData<ListData>(queryKeys.notifications.list(userId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            notifications: p.notifications.map((n) =>
              id === null || n.id === id ? { ...n, is_read: true } : n,
            ),
          })),
        }
      : data,
  );
}

/** The dropdown's content: Mark all read, the list, Load more, empty and error states. */
export function NotificationsPanel({
  user,
  unread,
  onActivate,
}: {
  user: SessionUser;
  unread: number;
  onActivate: (n: Notification) => void;
}) {
  const api = useApi();
  const client = useQueryClient();
  const titleId = useId();
  const listKey = queryKeys.notifications.list(user.id);
  const countKey = queryKeys.notifications.unreadCount(user.id);

  const list = useInfiniteQuery({
    queryKey: listKey,
    queryFn: ({ pageParam, signal }) =>
      api.call(
        'GET /api/notifications',
        { query: { page: pageParam, limit: NOTIFICATIONS_PAGE_SIZE } },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    // Fresh on every open.
    staleTime: 0,
  });

  const markRead = useMutation({
    mutationFn: (id: string) => api.call('PUT /api/notifications/{id}/read', { params: { id } }),
    onMutate: (id) => {
      setRead(client, user.id, id);
      client.setQueryData<number>(countKey, (c) => (c ? c - 1 : c));
    },
    onSettled: () => client.invalidateQueries({ queryKey: countKey }),
  });

  const markAll = useMutation({
    mutationFn: () => api.call('PUT /api/notifications/mark-all-read'),
    onMutate: () => {
      setRead(client, user.id, null);
      client.setQueryData<number>(countKey, 0);
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });

  // Page numbers shift when new notifications arrive: show each one once.
  const seen = new Set<string>();
  const items = (list.data?.pages ?? [])
    .flatMap((p) => p.notifications)
    .filter((n) => (seen.has(n.id) ? false : (seen.add(n.id), true)));
  const now = Date.now();

  return (
    <>
      <div className="shell-notifications__header">
        <DropdownMenu.Label id={titleId} className="shell-notifications__title">
          {TEXTS.notifications}
        </DropdownMenu.Label>
        <DropdownMenu.Item
          className="shell-menu__item shell-notifications__mark-all"
          disabled={unread === 0 && !items.some((n) => !n.is_read)}
          onSelect={(e) => {
            e.preventDefault();
            markAll.mutate();
          }}
          data-testid="notifications-mark-all"
        >
          {TEXTS.markAllRead}
        </DropdownMenu.Item>
      </div>
      <DropdownMenu.Separator className="shell-menu__separator" />
      {/* A scroll area of its own (max 420 px): focusable, so it also scrolls from the keyboard
          when it has the focus (axe: scrollable-region-focusable); arrows still move item to item. */}
      <div
        className="shell-notifications__list"
        tabIndex={0}
        role="group"
        aria-labelledby={titleId}
        data-testid="notifications-list"
      >
        {list.isPending ? (
          <DropdownMenu.Label
            className="shell-notifications__state"
            data-testid="notifications-loading"
          >
            {TEXTS.loadingNotifications}
          </DropdownMenu.Label>
        ) : list.isError && items.length === 0 ? (
          <DropdownMenu.Label
            className="shell-notifications__state shell-notifications__state--error"
            data-testid="notifications-error"
          >
            {TEXTS.notificationsFailed}
          </DropdownMenu.Label>
        ) : items.length === 0 ? (
          <DropdownMenu.Label
            className="shell-notifications__state"
            data-testid="notifications-empty"
          >
            {TEXTS.noNotifications}
          </DropdownMenu.Label>
        ) : (
          items.map((n) => (
            <DropdownMenu.Item
              key={n.id}
              className={cx(
                'shell-menu__item',
                'shell-notification',
                !n.is_read && 'shell-notification--unread',
              )}
              onSelect={() => {
                if (!n.is_read) markRead.mutate(n.id);
                onActivate(n);
              }}
              data-testid="notification-item"
              data-notification-id={n.id}
              data-notification-type={n.type}
              data-unread={n.is_read ? 'false' : 'true'}
            >
              {!n.is_read ? <span className="shell-notification__dot" aria-hidden="true" /> : null}
              <span className="shell-notification__body">
                <span className="shell-notification__title" data-testid="notification-title">
                  {n.title}
                  {!n.is_read ? <span className="ui-sr-only"> (unread)</span> : null}
                </span>
                <span className="shell-notification__content" data-testid="notification-content">
                  {n.content}
                </span>
                <time
                  className="shell-notification__time"
                  dateTime={n.created_at}
                  data-testid="notification-time"
                >
                  {formatRelativeTime(n.created_at, now)}
                </time>
              </span>
            </DropdownMenu.Item>
          ))
        )}
      </div>
      {list.hasNextPage ? (
        <>
          <DropdownMenu.Separator className="shell-menu__separator" />
          <DropdownMenu.Item
            className="shell-menu__item shell-notifications__more"
            disabled={list.isFetchingNextPage}
            onSelect={(e) => {
              e.preventDefault();
              void list.fetchNextPage();
            }}
            data-testid="notifications-load-more"
          >
            {list.isFetchingNextPage ? TEXTS.loading : TEXTS.loadMore}
          </DropdownMenu.Item>
        </>
      ) : null}
    </>
  );
}
