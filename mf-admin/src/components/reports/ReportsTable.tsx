import type { Ref } from 'react';
import type { ReportedItem } from '@forum/contracts';
import type { ReportStatus } from '../../lib/reports';
import { TEXTS } from '../../texts';
import { EmptyRow, SkeletonRows } from '../TableStateRows';
import { ReportRow } from './ReportRow';

const COLUMNS: Array<{ label: string; className?: string }> = [
  { label: 'Item' },
  { label: 'Reports', className: 'admin-num' },
  { label: 'Reasons' },
  { label: 'Reported by' },
  { label: 'First reported' },
  { label: 'Actions' },
];

/** One page of the queue (`reports` undefined while the first page loads). */
export function ReportsTable({
  reports,
  status,
  busy,
  dismissingId,
  onDismiss,
  onRemove,
  regionRef,
}: {
  reports: ReportedItem[] | undefined;
  status: ReportStatus;
  busy: boolean;
  dismissingId: string | null;
  onDismiss: (item: ReportedItem, button: HTMLButtonElement) => void;
  onRemove: (item: ReportedItem, button: HTMLButtonElement) => void;
  /** Where focus lands once a resolved row has left the table. */
  regionRef: Ref<HTMLDivElement>;
}) {
  return (
    <div
      ref={regionRef}
      className="admin-table-wrap"
      role="region"
      aria-label="Reports table"
      tabIndex={0}
    >
      <table className="admin-table" data-testid="reports-table" aria-busy={busy}>
        <caption className="ui-sr-only">
          {status === 'open' ? TEXTS.openReportsCaption : TEXTS.closedReportsCaption}
        </caption>
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <th key={c.label} scope="col" className={c.className}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {!reports ? <SkeletonRows count={3} colSpan={COLUMNS.length} /> : null}
          {reports && reports.length === 0 ? (
            <EmptyRow colSpan={COLUMNS.length} testId="reports-empty">
              {status === 'open' ? TEXTS.noOpenReports : TEXTS.noClosedReports}
            </EmptyRow>
          ) : null}
          {reports?.map((item) => (
            <ReportRow
              key={item.id}
              item={item}
              dismissing={dismissingId === item.id}
              onDismiss={(button) => onDismiss(item, button)}
              onRemove={(button) => onRemove(item, button)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
