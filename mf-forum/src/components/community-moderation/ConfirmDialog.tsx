import { useState, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { DialogActions } from '../moderation/DialogParts';

/**
 * A yes/no question in a modal (focus trapped, Escape cancels, focus back on the trigger). It
 * stays open while the call runs and shows the server's refusal; it closes once `onConfirm`
 * resolves.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  danger = false,
  onConfirm,
  errorText,
  testId,
}: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  /** Resolves when done; a rejection keeps the dialog open with `errorText(error)`. */
  onConfirm: () => Promise<unknown>;
  errorText: (error: unknown) => string;
  testId: string;
}) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      setOpen(false);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (pending && !next) return;
        setError(null);
        setOpen(next);
      }}
    >
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="forum-dialog-overlay" />
        <Dialog.Content className="forum-dialog ui-card" data-testid={testId}>
          <Dialog.Title className="forum-section__title">{title}</Dialog.Title>
          <Dialog.Description>{description}</Dialog.Description>
          <DialogActions
            error={error}
            pending={pending}
            confirmLabel={confirmLabel}
            danger={danger}
            onConfirm={() => void confirm()}
            testId={testId}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
