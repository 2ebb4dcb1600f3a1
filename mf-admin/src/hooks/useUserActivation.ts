import { useRef, useState } from 'react';
import type { AdminUser } from '@forum/contracts';
import { useSetUserActive } from './useSetUserActive';
import { TEXTS } from '../texts';

/**
 * Deactivating (with the admin's reason: a public site ban) or reactivating a user after
 * confirmation: the user asked about (`target`), the row button to return focus to, and the
 * screen-reader announcement once it is done.
 */
export function useUserActivation() {
  const setActive = useSetUserActive();
  const [target, setTarget] = useState<AdminUser | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const trigger = useRef<HTMLButtonElement | null>(null);

  return {
    target,
    announcement,
    trigger,
    pending: setActive.isPending,
    error: setActive.isError ? setActive.error : null,
    ask(user: AdminUser, button: HTMLButtonElement) {
      trigger.current = button;
      setActive.reset();
      setTarget(user);
    },
    cancel() {
      setTarget(null);
    },
    confirm(reason?: string) {
      if (!target) return;
      const isActive = !target.is_active;
      setActive.mutate(
        { user: target, isActive, reason },
        {
          onSuccess: ({ user }) => {
            setAnnouncement((isActive ? TEXTS.reactivated : TEXTS.deactivated)(user.username));
            setTarget(null);
          },
        },
      );
    },
  };
}
