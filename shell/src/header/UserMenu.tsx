import { useRef } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link, useNavigate } from 'react-router-dom';
import { session, useUnreadMessagesCount } from '@forum/sdk';
import type { SessionUser } from '@forum/sdk';
import { CountBadge, formatCount } from '@forum/ui';
import { openInvite } from '../invite/inviteStore';
import { ChevronDownIcon } from './icons';
import { TEXTS } from '../texts';

export function Avatar({ user }: { user: SessionUser }) {
  if (user.avatar_url) {
    return <img className="shell-avatar" src={user.avatar_url} alt="" width={28} height={28} />;
  }
  return (
    <span className="shell-avatar shell-avatar--initial" aria-hidden="true">
      {(user.username[0] ?? '?').toUpperCase()}
    </span>
  );
}

/**
 * Profile, Saved, Inbox (unread badge), Invite Friends, Settings, Admin Panel (admin only), Sign
 * out.
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const inboxUnread = useUnreadMessagesCount().data ?? 0;
  // Opening the invite dialog waits until the menu has closed and given focus back.
  const pendingInvite = useRef(false);
  const triggerRef = useRef<HTMLButtonElement>(null);

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          ref={triggerRef}
          type="button"
          className="shell-user-button"
          aria-label={`Account menu for ${user.username}${inboxUnread ? `, ${formatCount(inboxUnread)} unread messages` : ''}`}
          data-testid="user-menu-trigger"
        >
          <Avatar user={user} />
          <span className="shell-user-button__name" data-testid="header-username">
            {user.username}
          </span>
          {inboxUnread > 0 ? <span className="shell-dot" aria-hidden="true" /> : null}
          <ChevronDownIcon />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="shell-menu"
          align="end"
          sideOffset={8}
          data-testid="user-menu"
          onCloseAutoFocus={(e) => {
            if (!pendingInvite.current) return;
            pendingInvite.current = false;
            e.preventDefault();
            openInvite(triggerRef.current);
          }}
        >
          <DropdownMenu.Label className="shell-menu__label">
            Signed in as <strong>u/{user.username}</strong>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="shell-menu__separator" />
          <DropdownMenu.Item asChild className="shell-menu__item">
            <Link to={`/u/${encodeURIComponent(user.username)}`} data-testid="menu-profile">
              {TEXTS.profile}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="shell-menu__item">
            <Link to="/saved" data-testid="menu-saved">
              {TEXTS.saved}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="shell-menu__item">
            <Link to="/inbox" data-testid="menu-inbox">
              <span>{TEXTS.inbox}</span>
              {inboxUnread > 0 ? (
                <>
                  <CountBadge count={inboxUnread} data-testid="inbox-unread-badge" />
                  <span className="ui-sr-only">({formatCount(inboxUnread)} unread)</span>
                </>
              ) : null}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className="shell-menu__item"
            onSelect={() => {
              pendingInvite.current = true;
            }}
            data-testid="menu-invite"
          >
            {TEXTS.inviteFriends}
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="shell-menu__item">
            <Link to="/settings" data-testid="menu-settings">
              {TEXTS.settings}
            </Link>
          </DropdownMenu.Item>
          {user.is_admin ? (
            <DropdownMenu.Item asChild className="shell-menu__item">
              <Link to="/admin" data-testid="menu-admin">
                {TEXTS.adminPanel}
              </Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Separator className="shell-menu__separator" />
          <DropdownMenu.Item
            className="shell-menu__item"
            onSelect={() => {
              void session.signOut();
              navigate('/');
            }}
            data-testid="menu-signout"
          >
            {TEXTS.signOut}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
