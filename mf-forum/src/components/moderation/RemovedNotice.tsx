import { lazy, Suspense, useRef, useState } from 'react';
import { useToast } from '../Toast';
import { MODERATION_TEXTS } from '../../moderationTexts';

// The dialog (and Radix) loads when the author opens it.
const AppealDialog = lazy(() => import('./AppealDialog'));

/**
 * "Removed by the moderators: {reason}" on a removed post or comment, for those who read it in
 * full (EXTENSIONS §M4, §M8); its author also gets Appeal (`appealModlogId`, the removal's log
 * entry).
 */
export function RemovedNotice({
  reason,
  appealModlogId,
  testId,
}: {
  reason: string | undefined;
  appealModlogId: string | undefined;
  testId: string;
}) {
  const toast = useToast();
  // The Appeal button, then the 'Appeal sent' text that replaces it: where focus returns.
  const focusRef = useRef<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  return (
    <div className="forum-removed-notice" data-testid={testId}>
      <p data-testid={`${testId}-text`}>
        {reason
          ? `${MODERATION_TEXTS.removedByModerators} ${reason}`
          : MODERATION_TEXTS.removedNoReason}
      </p>
      {appealModlogId && sent ? (
        <span
          ref={(el) => {
            focusRef.current = el;
          }}
          tabIndex={-1}
          data-testid="appeal-sent"
        >
          {MODERATION_TEXTS.itemAppealSent}
        </span>
      ) : appealModlogId ? (
        <button
          ref={(el) => {
            focusRef.current = el;
          }}
          type="button"
          className="forum-action"
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
          data-testid="appeal-button"
        >
          {MODERATION_TEXTS.itemAppeal}
        </button>
      ) : null}
      {open && appealModlogId ? (
        <Suspense fallback={null}>
          <AppealDialog
            modlogId={appealModlogId}
            title={MODERATION_TEXTS.itemAppealTitle}
            description={MODERATION_TEXTS.itemAppealText}
            label={MODERATION_TEXTS.itemAppealLabel}
            returnFocusRef={focusRef}
            onClose={() => setOpen(false)}
            onSent={() => {
              setOpen(false);
              setSent(true);
              toast(MODERATION_TEXTS.itemAppealSent, 'success');
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
