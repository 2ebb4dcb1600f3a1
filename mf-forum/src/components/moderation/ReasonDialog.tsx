import { useState, type ReactNode, type RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { TextField } from '@forum/ui';
import { TextAreaField } from '../TextArea';
import { DialogActions, DialogFrame } from './DialogParts';
import { MODERATION_TEXTS } from '../../moderationTexts';

/** EXTENSIONS §M2: a reason is trimmed, 1-500 characters; a ban lasts 1-3650 days or for ever. */
export const REASON_MAX = 500;
const DAYS_MAX = 3650;

export interface ReasonValues {
  /** Trimmed; undefined when the reason is optional and was left blank. */
  reason: string | undefined;
  /** Only with `withDays`: undefined means permanent. */
  days: number | undefined;
}

export interface ReasonDialogProps {
  open: boolean;
  /** Called with false on Cancel, Escape or a click outside (ignored while pending). */
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What the action does, under the title. */
  description?: ReactNode;
  /** Remove and ban need a reason; restore, lock and unlock take an optional one. */
  reasonRequired: boolean;
  /** Adds the ban's days field (empty = permanent). */
  withDays?: boolean;
  confirmLabel: string;
  danger?: boolean;
  /** The call is running: Confirm is disabled and says so. */
  pending?: boolean;
  /** The server's error text, shown in the dialog (which stays open). */
  error?: string | null;
  onConfirm: (values: ReasonValues) => void;
  /** Extra fields or context, shown above the reason. */
  children?: ReactNode;
  /** Where focus goes on close: a dialog opened from a menu item has no trigger to return to. */
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** Prefix of the data-testids: `{testId}`, `-reason`, `-days`, `-confirm`, `-cancel`, `-error`. */
  testId?: string;
}

/**
 * A modal asking for a moderation reason (focus trapped, Escape cancels). The form state lives in
 * the content, which Radix unmounts on close, so every opening starts blank.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const { open, onOpenChange, pending = false, returnFocusRef } = props;
  return (
    <DialogFrame
      open={open}
      onClose={() => onOpenChange(false)}
      pending={pending}
      returnFocusRef={returnFocusRef}
      testId={props.testId ?? 'reason-dialog'}
      described={Boolean(props.description)}
    >
      <ReasonForm {...props} />
    </DialogFrame>
  );
}

function reasonError(text: string, required: boolean): string | undefined {
  const trimmed = text.trim();
  if (required && trimmed === '') return MODERATION_TEXTS.reasonRequired;
  if (trimmed.length > REASON_MAX) return MODERATION_TEXTS.reasonTooLong;
  return undefined;
}

function parseDays(text: string): { days: number | undefined; error?: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { days: undefined };
  const days = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || days < 1 || days > DAYS_MAX) {
    return { days: undefined, error: MODERATION_TEXTS.banDaysInvalid };
  }
  return { days };
}

function ReasonForm({
  title,
  description,
  reasonRequired,
  withDays = false,
  confirmLabel,
  danger = false,
  pending = false,
  error,
  onConfirm,
  children,
  testId = 'reason-dialog',
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('');
  // Field errors appear once the user tried to confirm, then follow the typing.
  const [tried, setTried] = useState(false);
  const reasonProblem = tried ? reasonError(reason, reasonRequired) : undefined;
  const daysProblem = tried && withDays ? parseDays(days).error : undefined;

  const submit = () => {
    setTried(true);
    const parsed = parseDays(days);
    if (reasonError(reason, reasonRequired) || (withDays && parsed.error)) return;
    const trimmed = reason.trim();
    onConfirm({ reason: trimmed === '' ? undefined : trimmed, days: parsed.days });
  };

  return (
    <form
      className="forum-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!pending) submit();
      }}
    >
      <Dialog.Title className="forum-section__title">{title}</Dialog.Title>
      {description ? (
        <Dialog.Description className="forum-muted">{description}</Dialog.Description>
      ) : null}
      {children}
      <TextAreaField
        label={reasonRequired ? MODERATION_TEXTS.reasonLabel : MODERATION_TEXTS.reasonOptionalLabel}
        rows={3}
        value={reason}
        maxLength={REASON_MAX}
        required={reasonRequired}
        onChange={(e) => setReason(e.target.value)}
        error={reasonProblem}
        autoFocus
        testId={`${testId}-reason`}
      />
      {withDays ? (
        <TextField
          label={MODERATION_TEXTS.banDaysLabel}
          hint={MODERATION_TEXTS.banDaysHint}
          type="number"
          inputMode="numeric"
          min={1}
          max={DAYS_MAX}
          step={1}
          value={days}
          onChange={(e) => setDays(e.target.value)}
          error={daysProblem}
          testId={`${testId}-days`}
        />
      ) : null}
      <DialogActions
        error={error}
        pending={pending}
        confirmLabel={confirmLabel}
        danger={danger}
        testId={testId}
      />
    </form>
  );
}
