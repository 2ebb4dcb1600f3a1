import { useId } from 'react';
import type { ReportStatus } from '../../lib/reports';
import { TEXTS } from '../../texts';

const STATUSES: ReadonlyArray<{ value: ReportStatus; label: string }> = [
  { value: 'open', label: TEXTS.reportsOpen },
  { value: 'closed', label: TEXTS.reportsClosed },
];

/** The open/closed filter of the queue. */
export function ReportsToolbar({
  status,
  onStatus,
}: {
  status: ReportStatus;
  onStatus: (status: ReportStatus) => void;
}) {
  const id = useId();
  return (
    <div className="admin-toolbar">
      <div className="ui-field admin-toolbar__size">
        <label className="ui-field__label" htmlFor={id}>
          {TEXTS.reportsStatus}
        </label>
        <select
          id={id}
          className="ui-input"
          value={status}
          onChange={(e) => {
            const next = STATUSES.find((s) => s.value === e.target.value);
            if (next) onStatus(next.value);
          }}
          data-testid="reports-status-filter"
        >
          {STATUSES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
