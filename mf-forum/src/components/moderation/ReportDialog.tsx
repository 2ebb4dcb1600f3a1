import { useId, useState, type RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { errorMessage } from '@forum/sdk';
import { useReport, type ReportTarget } from '../../hooks/useReport';
import { TextAreaField } from '../TextArea';
import { OTHER_PREFIX, reportReason } from './items';
import { DialogActions, DialogFrame } from './DialogParts';
import { REASON_MAX } from './ReasonDialog';
import { MODERATION_TEXTS } from '../../moderationTexts';
import './menu.css';

/**
 * Report a post or a comment: one of §M8's reasons, or Other with a description. A refusal (409
 * 'You have already reported this', ...) shows the server's text and keeps the dialog open.
 */
export default function ReportDialog({
  target,
  onClose,
  onSent,
  returnFocusRef,
}: {
  target: ReportTarget;
  onClose: () => void;
  onSent: () => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}) {
  const report = useReport(target);
  const legendId = useId();
  const [choice, setChoice] = useState('');
  const [other, setOther] = useState('');
  const [tried, setTried] = useState(false);
  const isOther = choice === MODERATION_TEXTS.reportOther;
  const choiceProblem = choice === '' ? MODERATION_TEXTS.reportChooseReason : undefined;
  const otherProblem =
    isOther && other.trim() === '' ? MODERATION_TEXTS.reportOtherRequired : undefined;
  const submit = () => {
    setTried(true);
    if (choiceProblem || otherProblem || report.isPending) return;
    report.mutate(reportReason(choice, other), { onSuccess: onSent });
  };
  const choices = [...MODERATION_TEXTS.reportReasonChoices, MODERATION_TEXTS.reportOther];
  return (
    <DialogFrame
      onClose={onClose}
      pending={report.isPending}
      returnFocusRef={returnFocusRef}
      testId="report-dialog"
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
          {target.kind === 'post'
            ? MODERATION_TEXTS.reportPostTitle
            : MODERATION_TEXTS.reportCommentTitle}
        </Dialog.Title>
        <Dialog.Description className="forum-muted">
          {MODERATION_TEXTS.reportText}
        </Dialog.Description>
        <fieldset
          className="forum-report-reasons"
          aria-describedby={tried && choiceProblem ? `${legendId}-error` : undefined}
          data-testid="report-reasons"
        >
          <legend id={legendId}>{MODERATION_TEXTS.reportReasonLegend}</legend>
          {choices.map((label, i) => (
            <label key={label} className="forum-radio">
              <input
                type="radio"
                name="report-reason"
                value={label}
                checked={choice === label}
                autoFocus={i === 0}
                onChange={() => setChoice(label)}
                data-testid={`report-reason-${i}`}
              />
              {label}
            </label>
          ))}
          {tried && choiceProblem ? (
            <p
              id={`${legendId}-error`}
              className="ui-field__error"
              data-testid="report-reasons-error"
            >
              {choiceProblem}
            </p>
          ) : null}
        </fieldset>
        {isOther ? (
          <TextAreaField
            label={MODERATION_TEXTS.reportOtherLabel}
            rows={3}
            value={other}
            maxLength={REASON_MAX - OTHER_PREFIX.length}
            required
            onChange={(e) => setOther(e.target.value)}
            error={tried ? otherProblem : undefined}
            testId="report-other"
          />
        ) : null}
        <DialogActions
          error={report.isError ? errorMessage(report.error, MODERATION_TEXTS.reportFailed) : null}
          pending={report.isPending}
          confirmLabel={MODERATION_TEXTS.sendReport}
          testId="report"
          confirmSuffix="submit"
        />
      </form>
    </DialogFrame>
  );
}
