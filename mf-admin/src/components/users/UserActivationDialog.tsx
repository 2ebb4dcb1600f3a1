import type { RefObject } from 'react';
import { errorMessage } from '@forum/sdk';
import type { AdminUser } from '@forum/contracts';
import { TEXTS } from '../../texts';
import { ConfirmDialog } from '../ConfirmDialog';
import { ReasonDialog } from '../ReasonDialog';

/**
 * Asks before deactivating or reactivating `target` (open while it is set). Deactivating is a
 * public site ban (EXTENSIONS §M3) and needs a reason; reactivating does not.
 */
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
  onConfirm: (reason?: string) => void;
  onCancel: () => void;
  returnFocusRef: RefObject<HTMLButtonElement | null>;
}) {
  const common = {
    pending,
    error: error === null ? null : errorMessage(error, TEXTS.updateUser),
    onCancel,
    returnFocusRef,
  };
  return (
    <>
      <ReasonDialog
        open={target?.is_active === true}
        title={target ? `${TEXTS.deactivate} ${target.username}?` : ''}
        description={TEXTS.deactivateText}
        confirmLabel={TEXTS.deactivate}
        danger
        onConfirm={(reason) => onConfirm(reason)}
        {...common}
      />
      <ConfirmDialog
        open={target?.is_active === false}
        title={target ? `${TEXTS.reactivate} ${target.username}?` : ''}
        description={TEXTS.reactivateText}
        confirmLabel={TEXTS.reactivate}
        onConfirm={() => onConfirm()}
        {...common}
      />
    </>
  );
}
