import type { ReactNode, RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Alert, Button } from '@forum/ui';
import { TEXTS } from '../../texts';
import { MODERATION_TEXTS } from '../../moderationTexts';

/**
 * A moderation modal (focus trapped, Escape or a click outside cancels) that cannot be closed
 * while its call runs. `returnFocusRef`: where focus goes on close, for a dialog opened without a
 * Radix trigger (from a menu item, or mounted on demand); ignored once that element has left the
 * page.
 */
export function DialogFrame({
  open = true,
  onClose,
  pending,
  returnFocusRef,
  testId,
  described = true,
  children,
}: {
  open?: boolean;
  onClose: () => void;
  pending: boolean;
  returnFocusRef?: RefObject<HTMLElement | null>;
  testId: string;
  /** False when the content has no Dialog.Description (Radix then wants aria-describedby unset). */
  described?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next || pending ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="forum-dialog-overlay" />
        <Dialog.Content
          className="forum-dialog ui-card"
          data-testid={testId}
          {...(described ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            const target = returnFocusRef?.current;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The foot of a moderation dialog: the server's refusal (the dialog stays open), Cancel, and the
 * action, busy while the call runs. Without `onConfirm` the action submits the dialog's form.
 * Test ids: `{testId}-error`, `{testId}-cancel`, `{testId}-{confirmSuffix}`.
 */
export function DialogActions({
  error,
  pending,
  confirmLabel,
  pendingLabel = MODERATION_TEXTS.working,
  danger = false,
  onConfirm,
  testId,
  confirmSuffix = 'confirm',
}: {
  error: string | null | undefined;
  pending: boolean;
  confirmLabel: string;
  pendingLabel?: string;
  danger?: boolean;
  onConfirm?: () => void;
  testId: string;
  confirmSuffix?: string;
}) {
  return (
    <>
      {error ? (
        <Alert variant="error" data-testid={`${testId}-error`}>
          {error}
        </Alert>
      ) : null}
      <div className="forum-form__actions">
        <Dialog.Close asChild>
          <Button variant="secondary" disabled={pending} data-testid={`${testId}-cancel`}>
            {TEXTS.cancel}
          </Button>
        </Dialog.Close>
        <Button
          type={onConfirm ? 'button' : 'submit'}
          variant={danger ? 'danger' : 'primary'}
          disabled={pending}
          aria-busy={pending || undefined}
          onClick={onConfirm}
          data-testid={`${testId}-${confirmSuffix}`}
        >
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </>
  );
}
