import { Button } from '@forum/ui';
import { TEXTS } from '../texts';

/** A delete confirmation shown in place (`{testId}-confirm`, its yes button `{testId}-yes`). */
export function InlineConfirm({
  question,
  busy,
  onConfirm,
  onCancel,
  testId,
}: {
  question: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId: string;
}) {
  return (
    <div
      className="forum-confirm"
      role="group"
      aria-label="Confirm delete"
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
        {TEXTS.delete}
      </Button>
      <Button size="sm" variant="secondary" onClick={onCancel}>
        {TEXTS.cancel}
      </Button>
    </div>
  );
}
