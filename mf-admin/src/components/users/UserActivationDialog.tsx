import type { RefObject } from 'react';
import { errorMessage } from '@forum/sdk';
import type { AdminUser } from '@forum/contracts';
import { TEXTS } from '../../texts';
import { ConfirmDialog } from '../ConfirmDialog';

/** Asks before deactivating or reactivating `target` (open while it is set). */
export function UserActivationDialog({
  target,
  pending,
  error,
  onConfirm,
  onCancel,
  returnFocusRef,
}: {
  target: AdminUser | null;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onCancel: () => void;
  returnFocusRef: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <ConfirmDialog
      open={target !== null}
      title={
        target
          ? `${target.is_active ? TEXTS.deactivate : TEXTS.reactivate} ${target.username}?`
          : ''
      }
      description={target?.is_active ? TEXTS.deactivateText : TEXTS.reactivateText}
      confirmLabel={target?.is_active ? TEXTS.deactivate : TEXTS.reactivate}
      danger={target?.is_active ?? false}
      pending={pending}
      error={error === null ? null : errorMessage(error, TEXTS.updateUser)}
      onConfirm={onConfirm}
      onCancel={onCancel}
      returnFocusRef={returnFocusRef}
    />
  );
}
