import { useState } from 'react';
import { Button } from '@forum/ui';
import { errorMessage, useIsBlocked, useSetBlocked } from '@forum/sdk';
import { TEXTS } from '../texts';

/**
 * Block or Unblock the other person of a conversation (EXTENSIONS §B1). Blocking asks first;
 * once blocked, they can no longer write to the caller (the server refuses them).
 */
export function BlockUserButton({ username }: { username: string }) {
  const blocked = useIsBlocked({ username });
  const setBlocked = useSetBlocked();
  const [confirming, setConfirming] = useState(false);
  const change = (next: boolean) =>
    setBlocked.mutate({ username, blocked: next }, { onSuccess: () => setConfirming(false) });
  const error = setBlocked.isError ? (
    <span role="alert" className="inbox-block__error" data-testid="block-error">
      {errorMessage(setBlocked.error, TEXTS.blockFailed)}
    </span>
  ) : null;

  if (confirming) {
    return (
      <div className="inbox-block" role="group" aria-label={TEXTS.blockConfirmLabel}>
        <span>{TEXTS.blockQuestion(username)}</span>
        <Button
          size="sm"
          variant="danger"
          disabled={setBlocked.isPending}
          onClick={() => change(true)}
          data-testid="conversation-block-yes"
        >
          {TEXTS.block}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setConfirming(false)}>
          {TEXTS.cancel}
        </Button>
        {error}
      </div>
    );
  }
  return (
    <div className="inbox-block">
      <Button
        size="sm"
        variant="secondary"
        disabled={setBlocked.isPending}
        aria-label={`${blocked ? TEXTS.unblock : TEXTS.block} u/${username}`}
        onClick={() => (blocked ? change(false) : setConfirming(true))}
        data-testid="conversation-block"
        data-blocked={blocked ? 'true' : 'false'}
      >
        {blocked ? TEXTS.unblock : TEXTS.block}
      </Button>
      {error}
    </div>
  );
}
