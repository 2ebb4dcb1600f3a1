import { Link } from 'react-router-dom';
import type { ReportedItem } from '@forum/contracts';
import { formatDateTime, formatFullDate, formatNumber } from '../../lib/format';
import { itemName } from '../../lib/reportTexts';
import { foldReasons, profileHref } from '../../lib/reports';
import { TEXTS } from '../../texts';
import { ReportItemCell } from './ReportItemCell';

/** One reported item: every open report on it folded together (EXTENSIONS §M5). */
export function ReportRow({
  item,
  dismissing,
  onDismiss,
  onRemove,
}: {
  item: ReportedItem;
  dismissing: boolean;
  onDismiss: (button: HTMLButtonElement) => void;
  onRemove: (button: HTMLButtonElement) => void;
}) {
  const name = itemName(item);
  return (
    <tr
      data-testid="report-row"
      data-target-type={item.target_type}
      data-target-id={item.target_id}
    >
      <th scope="row" className="admin-table__wrap admin-report__item" data-testid="report-item">
        <ReportItemCell item={item} />
      </th>
      <td className="admin-num" data-testid="report-count">
        {formatNumber(item.report_count)}
      </td>
      <td className="admin-table__wrap admin-report__list" data-testid="report-reasons">
        <ul className="admin-list">
          {foldReasons(item.reasons).map(({ reason, count }) => (
            <li key={reason}>
              {reason}
              {count > 1 ? (
                <>
                  <span className="admin-muted" aria-hidden="true">
                    {' '}
                    ×{count}
                  </span>
                  <span className="ui-sr-only"> {TEXTS.reasonCount(count)}</span>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      </td>
      <td className="admin-table__wrap admin-report__list" data-testid="report-reporters">
        <ul className="admin-list">
          {(item.reporter_usernames ?? []).map((username) => (
            <li key={username}>
              <Link to={profileHref(username)}>u/{username}</Link>
            </li>
          ))}
        </ul>
      </td>
      <td data-testid="report-date" title={formatDateTime(item.created_at)}>
        {formatFullDate(item.created_at)}
      </td>
      <td>
        {item.status === 'open' ? (
          <div className="admin-report__actions">
            <button
              type="button"
              className="ui-button ui-button--sm ui-button--secondary"
              aria-label={`${TEXTS.dismiss} ${name}`}
              disabled={dismissing}
              aria-busy={dismissing}
              onClick={(event) => onDismiss(event.currentTarget)}
              data-testid="report-dismiss"
            >
              {dismissing ? TEXTS.saving : TEXTS.dismiss}
            </button>
            <button
              type="button"
              className="ui-button ui-button--sm ui-button--danger"
              aria-label={`${TEXTS.remove} ${name}`}
              disabled={dismissing}
              onClick={(event) => onRemove(event.currentTarget)}
              data-testid="report-remove"
            >
              {TEXTS.remove}
            </button>
          </div>
        ) : (
          <span className="admin-muted" data-testid="report-closed">
            {item.resolution
              ? TEXTS.resolvedAs(item.resolution.action, item.resolution.moderator_username)
              : TEXTS.closed}
          </span>
        )}
      </td>
    </tr>
  );
}
