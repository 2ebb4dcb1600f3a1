import { useEffect, useRef } from 'react';
import { errorMessage } from '@forum/sdk';
import { useAdminReports } from '../hooks/useAdminReports';
import { useReportResolution } from '../hooks/useReportResolution';
import { formatNumber } from '../lib/format';
import { itemName } from '../lib/reportTexts';
import { clampPage, reportPages, type ReportsView } from '../lib/reports';
import { TEXTS } from '../texts';
import { Pager } from './Pager';
import { ReasonDialog } from './ReasonDialog';
import { ReportsTable } from './reports/ReportsTable';
import { ReportsToolbar } from './reports/ReportsToolbar';
import { SectionError } from './SectionError';

/**
 * The site-wide report queue (EXTENSIONS §M5, §M8): posts, comments and messages, one row per
 * item with its reasons and reporters; Dismiss, or Remove with a reason. A lazy chunk of its own.
 */
export function ReportsTab({
  view,
  onViewChange,
}: {
  view: ReportsView;
  onViewChange: (next: ReportsView) => void;
}) {
  const reports = useAdminReports(view);
  const region = useRef<HTMLDivElement>(null);
  const resolution = useReportResolution(region);
  const data = reports.data;
  const update = (patch: Partial<ReportsView>) => onViewChange({ ...view, ...patch });

  // Resolving the last rows of the last page: step back to the last page that has rows.
  const total = reports.isPlaceholderData ? undefined : data?.pagination.total;
  useEffect(() => {
    if (total === undefined) return;
    const page = clampPage(view.page, total);
    if (page !== view.page) onViewChange({ ...view, page });
  }, [total, view, onViewChange]);

  const error = reports.isError ? (
    <SectionError
      error={reports.error}
      fallback={TEXTS.reports}
      onRetry={() => void reports.refetch()}
      testId="reports-error"
    />
  ) : null;
  const removing = resolution.removing;

  return (
    <div className="admin-reports">
      <ReportsToolbar status={view.status} onStatus={(status) => update({ status, page: 1 })} />

      <p className="ui-sr-only" role="status" data-testid="reports-status">
        {resolution.announcement}
      </p>

      {reports.isError && !data ? (
        error
      ) : (
        <>
          {error}
          {resolution.dismissError ? (
            <p className="admin-dialog__error" role="alert" data-testid="reports-action-error">
              {errorMessage(resolution.dismissError, TEXTS.resolveReport)}
            </p>
          ) : null}
          <p className="admin-users__summary" data-testid="reports-total">
            {data
              ? TEXTS.reportedItems(
                  formatNumber(data.pagination.total),
                  data.pagination.total === 1,
                )
              : '\u00a0'}
          </p>
          <ReportsTable
            reports={data?.reports}
            status={view.status}
            busy={reports.isFetching}
            dismissingId={resolution.dismissingId}
            onDismiss={resolution.dismiss}
            onRemove={resolution.askRemove}
            regionRef={region}
          />
          {data ? (
            <Pager
              {...reportPages(view.page, data.pagination)}
              onPage={(page) => update({ page })}
              label="Reports pages"
              testId="reports-pager"
            />
          ) : null}
        </>
      )}

      <ReasonDialog
        open={removing !== null}
        title={removing ? `${TEXTS.remove} ${itemName(removing)}?` : ''}
        description={
          removing?.target_type === 'message' ? TEXTS.removeMessageText : TEXTS.removeText
        }
        confirmLabel={TEXTS.remove}
        danger
        pending={resolution.removePending}
        error={
          resolution.removeError ? errorMessage(resolution.removeError, TEXTS.resolveReport) : null
        }
        onConfirm={resolution.confirmRemove}
        onCancel={resolution.cancelRemove}
        returnFocusRef={resolution.trigger}
      />
    </div>
  );
}
