import { Button } from '@forum/ui';
import { TEXTS } from '../texts';

/**
 * A confirmation shown in place (`{testId}-confirm`, its yes button `{testId}-yes`): Delete unless
 * `confirmLabel` names another action.
 */
export function InlineConfirm({
  question,
  busy,
  onConfirm,
  onCancel,
  testId,
  confirmLabel = TEXTS.delete,
}: {
  question: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId: string;
  confirmLabel?: string;
}) {
  return (
    <div
      className="forum-confirm"
      role="group"
      aria-label={`Confirm ${confirmLabel.toLowerCase()}`}
      data-testid={`${testId}-confirm`}
    >
      <span>{question}</span>
      <Button
        size="sm"
        variant="danger"
        disabled={busy}
        onClick={onConfirm}
        data-testid={`${testId}-yes`}
      >
        {confirmLabel}
      </Button>
      <Button size="sm" variant="secondary" onClick={onCancel}>
        {TEXTS.cancel}
      </Button>
    </div>
  );
}
