import { useState } from 'react';
import { errorMessage, useIsBlocked, useSession, useSetBlocked } from '@forum/sdk';
import { InlineConfirm } from './InlineConfirm';
import { useToast } from './Toast';
import { BLOCK_TEXTS } from '../blockTexts';

/**
 * Block or Unblock a user (EXTENSIONS §B1), for signed-in readers other than the user: blocking
 * asks first (what it does), unblocking does not. Nothing is shown for oneself or to visitors.
 */
export function BlockButton({
  userId,
  username,
  testId,
}: {
  userId: string | null;
  username: string;
  testId: string;
}) {
  const { status, user } = useSession();
  const blocked = useIsBlocked({ id: userId });
  const setBlocked = useSetBlocked();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  if (status !== 'signed-in' || !userId || user?.id === userId) return null;

  const change = (next: boolean) =>
    setBlocked.mutate(
      { username, blocked: next },
      {
        onSuccess: () => {
          setConfirming(false);
          toast(next ? BLOCK_TEXTS.blocked(username) : BLOCK_TEXTS.unblocked(username), 'success');
        },
        onError: (err) => toast(errorMessage(err, BLOCK_TEXTS.failed), 'error'),
      },
    );

  if (confirming) {
    return (
      <InlineConfirm
        question={BLOCK_TEXTS.confirm(username)}
        confirmLabel={BLOCK_TEXTS.block}
        busy={setBlocked.isPending}
        onConfirm={() => change(true)}
        onCancel={() => setConfirming(false)}
        testId={testId}
      />
    );
  }
  return (
    <button
      type="button"
      className="forum-action"
      aria-label={`${blocked ? BLOCK_TEXTS.unblock : BLOCK_TEXTS.block} u/${username}`}
      disabled={setBlocked.isPending}
      onClick={() => (blocked ? change(false) : setConfirming(true))}
      data-testid={testId}
      data-blocked={blocked ? 'true' : 'false'}
    >
      {blocked ? BLOCK_TEXTS.unblock : BLOCK_TEXTS.block}
    </button>
  );
}
