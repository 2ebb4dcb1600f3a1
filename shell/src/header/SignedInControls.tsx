import type { SessionUser } from '@forum/sdk';
import { NotificationsMenu } from '../notifications/NotificationsMenu';
import { UserMenu } from './UserMenu';

/** The signed-in part of the header: notification bell and user menu (a lazy chunk). */
export default function SignedInControls({ user }: { user: SessionUser }) {
  return (
    <>
      <NotificationsMenu user={user} />
      <UserMenu user={user} />
    </>
  );
}
