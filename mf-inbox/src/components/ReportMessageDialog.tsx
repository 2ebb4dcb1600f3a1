import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { flushSync } from 'react-dom';
import * as Dialog from '@radix-ui/react-dialog';
import { errorMessage } from '@forum/sdk';
import { Alert, Button, TextAreaField } from '@forum/ui';
import type { Message } from '@forum/contracts';
import { useReportMessage } from '../hooks/useReportMessage';
import {
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  composeReportReason,
  needsDetails,
  type ReportReason,
} from '../lib/reportReason';
import { TEXTS } from '../texts';

/**
 * While the dialog is open the page behind it is inert (not focusable, hidden from assistive
 * technology): Radix's aria-hidden alone leaves focusable elements under aria-hidden. The dialog
 * is portalled to <body>, outside #root (the shell's root, or the standalone page's).
 */
function setPageInert(inert: boolean) {
  const root = document.getElementById('root');
  if (!root) return;
  if (inert) root.setAttribute('inert', '');
  else root.removeAttribute('inert');
}

/**
 * Report a received message to the site admin (EXTENSIONS §M5, §M8): a reason, a description
 * (needed for Other), then 'Report sent' or the server's refusal (409 'You have already reported
 * this'). Mounted while open; on close the focus goes back to `returnFocusTo` (the Report button).
 * A chunk of its own: Radix's dialog loads only when someone reports.
 */
export default function ReportMessageDialog({
  message,
  author,
  returnFocusTo,
  onClose,
}: {
  message: Message;
  author: string;
  returnFocusTo: HTMLElement | null;
  onClose: () => void;
}) {
  const report = useReportMessage(message.id);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [attempted, setAttempted] = useState(false);
  const firstReasonRef = useRef<HTMLInputElement>(null);
  const detailsRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const reasonErrorId = `${id}-reason-error`;
  useEffect(() => () => setPageInert(false), []);

  const detailsNeeded = reason !== null && needsDetails(reason);
  const detailsMissing = detailsNeeded && details.trim() === '';
  const reasonError = attempted && reason === null ? TEXTS.reportChooseReason : undefined;
  const detailsError = attempted && detailsMissing ? TEXTS.reportDetailsRequired : undefined;

  // A refusal belongs to what was sent: editing the form clears it.
  const edited = () => {
    if (report.isError) report.reset();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The errors are on the page before the first thing to fix takes the focus, so they are read
    // out with it.
    flushSync(() => setAttempted(true));
    if (reason === null) {
      firstReasonRef.current?.focus();
    } else if (detailsMissing) {
      detailsRef.current?.focus();
    } else if (!report.isPending) {
      report.mutate(composeReportReason(reason, details));
    }
  };

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="inbox-dialog__overlay" />
        <Dialog.Content
          className="inbox-dialog"
          data-testid="report-dialog"
          // After Radix noted where focus was and before it moves it into the dialog.
          onOpenAutoFocus={() => setPageInert(true)}
          onCloseAutoFocus={(e) => {
            setPageInert(false);
            if (returnFocusTo?.isConnected) {
              e.preventDefault();
              returnFocusTo.focus();
            }
          }}
        >
          <Dialog.Title className="inbox-dialog__title">{TEXTS.reportTitle}</Dialog.Title>
          <Dialog.Description className="inbox-dialog__text">
            {TEXTS.reportIntro(author)}
          </Dialog.Description>
          <blockquote className="inbox-report__quote" data-testid="report-quote">
            <span className="ui-sr-only">{TEXTS.reportQuote}: </span>
            {message.content}
          </blockquote>

          {report.isSuccess ? (
            <>
              <Alert variant="success" data-testid="report-sent">
                <strong>{TEXTS.reportSent}</strong> {TEXTS.reportSentText}
              </Alert>
              <div className="inbox-dialog__actions">
                <Dialog.Close asChild>
                  {/* The focused Send button is gone: Close takes the focus. */}
                  <Button autoFocus data-testid="report-close">
                    {TEXTS.close}
                  </Button>
                </Dialog.Close>
              </div>
            </>
          ) : (
            <form
              className="inbox-report__form"
              onSubmit={submit}
              noValidate
              data-testid="report-form"
            >
              <fieldset
                className="inbox-report__reasons"
                aria-describedby={reasonError ? reasonErrorId : undefined}
                data-testid="report-reasons"
              >
                <legend className="ui-field__label">{TEXTS.reportReason}</legend>
                <div className="inbox-report__options">
                  {REPORT_REASONS.map((r, i) => (
                    <label key={r} className="inbox-report__reason">
                      <input
                        ref={i === 0 ? firstReasonRef : undefined}
                        type="radio"
                        className="ui-checkbox__input"
                        name={`${id}-reason`}
                        value={r}
                        checked={reason === r}
                        onChange={() => {
                          setReason(r);
                          edited();
                        }}
                        required
                        data-testid="report-reason"
                      />
                      {r}
                    </label>
                  ))}
                </div>
                {reasonError ? (
                  <p
                    id={reasonErrorId}
                    className="ui-field__error"
                    data-testid="report-reason-error"
                  >
                    {reasonError}
                  </p>
                ) : null}
              </fieldset>
              <TextAreaField
                ref={detailsRef}
                label={TEXTS.reportDetails}
                hint={detailsNeeded ? TEXTS.reportDetailsNeeded : TEXTS.reportDetailsOptional}
                error={detailsError}
                value={details}
                onChange={(e) => {
                  setDetails(e.target.value);
                  edited();
                }}
                rows={3}
                maxLength={REPORT_DETAILS_MAX}
                required={detailsNeeded}
                aria-required={detailsNeeded || undefined}
                controlClassName="inbox-report__details"
                testId="report-details"
              />
              {report.isError ? (
                <Alert variant="error" data-testid="report-error">
                  {errorMessage(report.error, TEXTS.reportFailed)}
                </Alert>
              ) : null}
              <div className="inbox-dialog__actions">
                <Dialog.Close asChild>
                  <Button variant="secondary" data-testid="report-cancel">
                    {TEXTS.cancel}
                  </Button>
                </Dialog.Close>
                <Button
                  type="submit"
                  // Not disabled while sending: a disabled button would drop the focus.
                  aria-busy={report.isPending || undefined}
                  data-testid="report-submit"
                >
                  {report.isPending ? TEXTS.sendingReport : TEXTS.sendReport}
                </Button>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
