import { lazy, Suspense, useRef, useState } from 'react';
import type { ReportTarget } from '../../hooks/useReport';
import { useToast } from '../Toast';
import { MODERATION_TEXTS } from '../../moderationTexts';

// The dialog (and Radix) loads when someone opens it.
const ReportDialog = lazy(() => import('./ReportDialog'));

/** Report on a post or a comment (signed in, not one's own): opens the reasons dialog. */
export function ReportButton({ target, label }: { target: ReportTarget; label?: string }) {
  const toast = useToast();
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="forum-action"
        aria-haspopup="dialog"
        aria-label={label}
        onClick={() => setOpen(true)}
        data-testid={`${target.kind}-report`}
      >
        {MODERATION_TEXTS.report}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog
            target={target}
            returnFocusRef={buttonRef}
            onClose={() => setOpen(false)}
            onSent={() => {
              setOpen(false);
              toast(MODERATION_TEXTS.reportSent, 'success');
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
