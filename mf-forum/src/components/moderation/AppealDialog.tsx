import { useState, type RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { errorMessage } from '@forum/sdk';
import { Alert, Button } from '@forum/ui';
import { useAppeal } from '../../hooks/useAppeal';
import { TextAreaField } from '../TextArea';
import { TEXTS } from '../../texts';
import { MODERATION_TEXTS } from '../../moderationTexts';

/** EXTENSIONS §M6: an appeal's text is trimmed, 1-1000 characters. */
const APPEAL_MAX = 1000;

/**
 * The author's appeal of a removal (POST /appeals with the removal's log entry). A refusal (409
 * 'You have already appealed this decision', ...) shows the server's text and keeps it open.
 */
export default function AppealDialog({
  modlogId,
  onClose,
  onSent,
  returnFocusRef,
}: {
  modlogId: string;
  onClose: () => void;
  onSent: () => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}) {
  const appeal = useAppeal(modlogId);
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const trimmed = text.trim();
  const problem = trimmed === '' ? MODERATION_TEXTS.itemAppealRequired : undefined;
  const submit = () => {
    setTried(true);
    if (problem || appeal.isPending) return;
    appeal.mutate(trimmed, { onSuccess: onSent });
  };
  return (
    <Dialog.Root open onOpenChange={(open) => (open || appeal.isPending ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="forum-dialog-overlay" />
        <Dialog.Content
          className="forum-dialog ui-card"
          data-testid="appeal-dialog"
          onCloseAutoFocus={(event) => {
            if (returnFocusRef.current?.isConnected) {
              event.preventDefault();
              returnFocusRef.current.focus();
            }
          }}
        >
          <form
            className="forum-form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <Dialog.Title className="forum-section__title">
              {MODERATION_TEXTS.itemAppealTitle}
            </Dialog.Title>
            <Dialog.Description className="forum-muted">
              {MODERATION_TEXTS.itemAppealText}
            </Dialog.Description>
            <TextAreaField
              label={MODERATION_TEXTS.itemAppealLabel}
              rows={5}
              value={text}
              maxLength={APPEAL_MAX}
              required
              autoFocus
              onChange={(e) => setText(e.target.value)}
              error={tried ? problem : undefined}
              testId="appeal-text"
            />
            {appeal.isError ? (
              <Alert variant="error" data-testid="appeal-error">
                {errorMessage(appeal.error, MODERATION_TEXTS.itemAppealFailed)}
              </Alert>
            ) : null}
            <div className="forum-form__actions">
              <Dialog.Close asChild>
                <Button variant="secondary" disabled={appeal.isPending} data-testid="appeal-cancel">
                  {TEXTS.cancel}
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={appeal.isPending} data-testid="appeal-submit">
                {appeal.isPending ? MODERATION_TEXTS.working : MODERATION_TEXTS.itemSendAppeal}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
