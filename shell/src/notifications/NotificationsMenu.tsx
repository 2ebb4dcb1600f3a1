import { useRef, useState } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from 'react-router-dom';
import { useUnreadNotificationsCount } from '@forum/sdk';
import type { SessionUser } from '@forum/sdk';
import { CountBadge, formatCount } from '@forum/ui';
import { BellIcon } from '../header/icons';
import { openInvite } from '../invite/inviteStore';
import { NotificationsPanel } from './NotificationsPanel';
import { notificationAction } from './route';
import type { NotificationAction } from './route';
import { useLiveNotifications } from './useLiveNotifications';

/** The bell with its unread badge and the notifications dropdown (spec §2, §4). */
export function NotificationsMenu({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const unread = useUnreadNotificationsCount().data ?? 0;
  useLiveNotifications(user.id);
  const [open, setOpen] = useState(false);
  // What to do once the menu has closed (and given focus back): navigate or open the invite modal.
  const pending = useRef<NotificationAction | null>(null);
  const bellRef = useRef<HTMLButtonElement>(null);

  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          ref={bellRef}
          type="button"
          className="shell-icon-button shell-bell"
          aria-label={unread ? `Notifications, ${formatCount(unread)} unread` : 'Notifications'}
          data-testid="notifications-bell"
          data-unread={unread}
        >
          <BellIcon />
          <CountBadge
            count={unread}
            className="shell-bell__badge"
            data-testid="notifications-badge"
          />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="shell-menu shell-notifications"
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notifications"
          data-testid="notifications-dropdown"
          onCloseAutoFocus={(e) => {
            const action = pending.current;
            pending.current = null;
            if (!action || action.kind === 'none') return;
            if (action.kind === 'invite') {
              e.preventDefault();
              openInvite(bellRef.current);
            }
          }}
        >
          <NotificationsPanel
            user={user}
            unread={unread}
            onActivate={(n) => {
              const action = notificationAction(n, user.username);
              pending.current = action;
              if (action.kind === 'navigate') navigate(action.to);
            }}
          />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
