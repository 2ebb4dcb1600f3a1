import { useState, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { errorMessage } from '@forum/sdk';
import { Alert, Button } from '@forum/ui';
import { useAppeal } from '../../hooks/useAppeal';
import { TextAreaField } from '../TextArea';
import { TEXTS } from '../../texts';
import { MODERATION_TEXTS } from '../../moderationTexts';

/** §M6: an appeal's text is trimmed, 1-1000 characters. */
export const APPEAL_MAX = 1000;

function appealError(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return MODERATION_TEXTS.appealTextRequired;
  if (trimmed.length > APPEAL_MAX) return MODERATION_TEXTS.appealTextTooLong;
  return undefined;
}

/**
 * The appeal of one decision (its log entry): `trigger` opens a modal with the text; the
 * server's refusal (an appeal already made) stays in the dialog. The form lives in the content,
 * which Radix unmounts on close, so each opening starts blank.
 */
export function AppealDialog({
  trigger,
  modlogId,
  onSent,
}: {
  trigger: ReactNode;
  modlogId: string;
  onSent: () => void;
}) {
  const [open, setOpen] = useState(false);
  const submit = useAppeal(modlogId);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (submit.isPending && !next) return;
        submit.reset();
        setOpen(next);
      }}
    >
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="forum-dialog-overlay" />
        <Dialog.Content className="forum-dialog ui-card" data-testid="appeal-dialog">
          <AppealForm
            pending={submit.isPending}
            error={
              submit.isError ? errorMessage(submit.error, MODERATION_TEXTS.appealFailed) : null
            }
            onSubmit={(text) =>
              submit.mutate(text, {
                onSuccess: () => {
                  setOpen(false);
                  onSent();
                },
              })
            }
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function AppealForm({
  pending,
  error,
  onSubmit,
}: {
  pending: boolean;
  error: string | null;
  onSubmit: (text: string) => void;
}) {
  const [text, setText] = useState('');
  // The field's error shows once the user tried to send, then follows the typing.
  const [tried, setTried] = useState(false);
  const problem = tried ? appealError(text) : undefined;
  return (
    <form
      className="forum-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (!pending && !appealError(text)) onSubmit(text.trim());
      }}
    >
      <Dialog.Title className="forum-section__title">{MODERATION_TEXTS.appealTitle}</Dialog.Title>
      <Dialog.Description className="forum-muted">
        {MODERATION_TEXTS.appealDescription}
      </Dialog.Description>
      <TextAreaField
        label={MODERATION_TEXTS.appealTextLabel}
        rows={5}
        value={text}
        maxLength={APPEAL_MAX}
        required
        autoFocus
        onChange={(e) => setText(e.target.value)}
        error={problem}
        testId="appeal-text"
      />
      {error ? (
        <Alert variant="error" data-testid="appeal-error">
          {error}
        </Alert>
      ) : null}
      <div className="forum-form__actions">
        <Dialog.Close asChild>
          <Button variant="secondary" disabled={pending} data-testid="appeal-cancel">
            {TEXTS.cancel}
          </Button>
        </Dialog.Close>
        <Button
          type="submit"
          disabled={pending}
          aria-busy={pending || undefined}
          data-testid="appeal-submit"
        >
          {pending ? MODERATION_TEXTS.sending : MODERATION_TEXTS.sendAppeal}
        </Button>
      </div>
    </form>
  );
}
