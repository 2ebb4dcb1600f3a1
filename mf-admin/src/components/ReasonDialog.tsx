import { useRef, useState, type ComponentProps } from 'react';
import { TextAreaField } from '@forum/ui';
import { checkReason, REASON_MAX_LENGTH } from '../lib/reason';
import { TEXTS } from '../texts';
import { ConfirmDialog } from './ConfirmDialog';

type ReasonDialogProps = Omit<ComponentProps<typeof ConfirmDialog>, 'onConfirm' | 'children'> & {
  /** Called with the trimmed reason once it passes the spec's rule (1-500 characters). */
  onConfirm: (reason: string) => void;
};

/**
 * A confirmation that needs a reason (EXTENSIONS §M2): a labelled field, checked on submit with
 * the server's own texts, which then stay on the field (aria-invalid, aria-describedby) and take
 * focus. The field starts empty each time the dialog opens.
 */
export function ReasonDialog({ open, onConfirm, ...rest }: ReasonDialogProps) {
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const [wasOpen, setWasOpen] = useState(open);
  const field = useRef<HTMLTextAreaElement>(null);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setValue('');
      setInvalid(undefined);
    }
  }

  const confirm = () => {
    const checked = checkReason(value);
    if (!checked.ok) {
      setInvalid(checked.error);
      field.current?.focus();
      return;
    }
    onConfirm(checked.reason);
  };

  return (
    <ConfirmDialog open={open} onConfirm={confirm} {...rest}>
      <TextAreaField
        ref={field}
        label={TEXTS.reason}
        hint={`${TEXTS.reasonHint} ${TEXTS.characters(value.trim().length, REASON_MAX_LENGTH)}`}
        error={invalid}
        value={value}
        rows={3}
        required
        onChange={(event) => {
          setValue(event.target.value);
          if (invalid) setInvalid(undefined);
        }}
        testId="reason-input"
        className="admin-dialog__field"
      />
    </ConfirmDialog>
  );
}
