import { lazy, Suspense } from 'react';
import { useSession } from '@forum/sdk';
import { useInviteState } from './inviteStore';

// Radix Dialog and the modal load the first time someone opens it.
const InviteModal = lazy(() => import('./InviteModal'));

export function InviteHost() {
  const { open, everOpened } = useInviteState();
  const { status, user } = useSession();
  if (!everOpened || status !== 'signed-in' || !user) return null;
  return (
    <Suspense fallback={null}>
      <InviteModal open={open} user={user} />
    </Suspense>
  );
}
