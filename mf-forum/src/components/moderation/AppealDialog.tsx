import { useState, type RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { errorMessage } from '@forum/sdk';
import { useAppeal } from '../../hooks/useAppeal';
import { TextAreaField } from '../TextArea';
import { DialogActions, DialogFrame } from './DialogParts';
import { MODERATION_TEXTS } from '../../moderationTexts';

/** EXTENSIONS §M6: an appeal's text is trimmed, 1-1000 characters. */
const APPEAL_MAX = 1000;

function appealProblem(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return MODERATION_TEXTS.appealTextRequired;
  if (trimmed.length > APPEAL_MAX) return MODERATION_TEXTS.appealTextTooLong;
  return undefined;
}

/**
 * The appeal of one decision, named by its log entry (POST /appeals): a removal's (RemovedNotice)
 * or a ban's (BannedBanner), which differ only in wording. The caller mounts it to open it, so
 * each opening starts blank; a refusal (409 'You have already appealed this decision', ...) shows
 * the server's text and keeps it open.
 */
export default function AppealDialog({
  modlogId,
  title,
  description,
  label,
  onClose,
  onSent,
  returnFocusRef,
}: {
  modlogId: string;
  title: string;
  description: string;
  label: string;
  onClose: () => void;
  onSent: () => void;
  /** Where focus goes on close (the Appeal button, or what replaced it), if still on the page. */
  returnFocusRef: RefObject<HTMLElement | null>;
}) {
  const appeal = useAppeal(modlogId);
  const [text, setText] = useState('');
  // The field's error shows once the user tried to send, then follows the typing.
  const [tried, setTried] = useState(false);
  const problem = appealProblem(text);
  const submit = () => {
    setTried(true);
    if (problem || appeal.isPending) return;
    appeal.mutate(text.trim(), { onSuccess: onSent });
  };
  return (
    <DialogFrame
      onClose={onClose}
      pending={appeal.isPending}
      returnFocusRef={returnFocusRef}
      testId="appeal-dialog"
    >
      <form
        className="forum-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Dialog.Title className="forum-section__title">{title}</Dialog.Title>
        <Dialog.Description className="forum-muted">{description}</Dialog.Description>
        <TextAreaField
          label={label}
          rows={5}
          value={text}
          maxLength={APPEAL_MAX}
          required
          autoFocus
          onChange={(e) => setText(e.target.value)}
          error={tried ? problem : undefined}
          testId="appeal-text"
        />
        <DialogActions
          error={appeal.isError ? errorMessage(appeal.error, MODERATION_TEXTS.appealFailed) : null}
          pending={appeal.isPending}
          confirmLabel={MODERATION_TEXTS.sendAppeal}
          pendingLabel={MODERATION_TEXTS.sending}
          testId="appeal"
          confirmSuffix="submit"
        />
      </form>
    </DialogFrame>
  );
}
