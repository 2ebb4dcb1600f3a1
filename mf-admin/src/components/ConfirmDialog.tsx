import * as Dialog from '@radix-ui/react-dialog';
import type { FormEvent, ReactNode, RefObject } from 'react';
import { Button } from '@forum/ui';
import { TEXTS } from '../texts';

/**
 * A modal confirmation (focus trapped, Escape cancels). Opened by a row button rather than a
 * Dialog.Trigger, so focus goes back to `returnFocusRef` on close. `children` (e.g. a reason
 * field) sit in the dialog's form: confirming is submitting it.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  danger,
  pending,
  error,
  onConfirm,
  onCancel,
  returnFocusRef,
  children,
}: {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  danger?: boolean;
  pending?: boolean | undefined;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
  children?: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) onConfirm();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(o) => (o ? undefined : onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="admin-dialog__overlay" />
        <Dialog.Content
          className="admin-dialog"
          data-testid="confirm-dialog"
          onCloseAutoFocus={(event) => {
            const target = returnFocusRef?.current;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <Dialog.Title className="admin-dialog__title">{title}</Dialog.Title>
          <Dialog.Description className="admin-dialog__text">{description}</Dialog.Description>
          <form noValidate onSubmit={submit}>
            {children}
            {error ? (
              <p className="admin-dialog__error" role="alert" data-testid="confirm-error">
                {error}
              </p>
            ) : null}
            <div className="admin-dialog__actions">
              <Dialog.Close asChild>
                <Button variant="secondary" data-testid="confirm-cancel">
                  {TEXTS.cancel}
                </Button>
              </Dialog.Close>
              <Button
                type="submit"
                variant={danger ? 'danger' : 'primary'}
                disabled={pending}
                data-testid="confirm-ok"
              >
                {pending ? TEXTS.saving : confirmLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
