import type { AdminUser } from '@forum/contracts';
import { formatDateTime, formatFullDate, formatNumber, onlineStatus } from '../../lib/format';
import { TEXTS } from '../../texts';

function Flag({ on, yes, no, testId }: { on: boolean; yes: string; no: string; testId: string }) {
  return (
    <span className={`admin-flag admin-flag--${on ? 'on' : 'off'}`} data-testid={testId}>
      {on ? yes : no}
    </span>
  );
}

/** One user; the admin's own row has no (de)activate button. */
export function UserRow({
  user,
  self,
  now,
  onToggleActive,
}: {
  user: AdminUser;
  self: boolean;
  now: number;
  onToggleActive: (button: HTMLButtonElement) => void;
}) {
  const online = onlineStatus(user.last_active, now);
  return (
    <tr data-testid="user-row" data-username={user.username}>
      <th scope="row" className="admin-table__name admin-table__wrap" data-testid="user-username">
        {user.username}
      </th>
      <td className="admin-table__wrap" data-testid="user-email">
        {user.email}
      </td>
      <td data-testid="user-joined" title={formatDateTime(user.created_at)}>
        {formatFullDate(user.created_at)}
      </td>
      <td
        data-testid="user-last-active"
        title={user.last_active ? formatDateTime(user.last_active) : undefined}
      >
        <span
          className={`admin-online admin-online--${online.online ? 'on' : 'off'}`}
          aria-hidden="true"
        />
        {online.text}
      </td>
      <td className="admin-num" data-testid="user-score">
        {formatNumber(user.total_score)}
      </td>
      <td>
        <Flag on={user.is_active} yes={TEXTS.active} no={TEXTS.inactive} testId="user-active" />
      </td>
      <td>
        <Flag
          on={user.email_verified}
          yes={TEXTS.verified}
          no={TEXTS.unverified}
          testId="user-verified"
        />
      </td>
      <td>
        {self ? (
          <span className="admin-muted" data-testid="user-self">
            {TEXTS.you}
          </span>
        ) : (
          <button
            type="button"
            className={`ui-button ui-button--sm ${user.is_active ? 'ui-button--danger' : 'ui-button--secondary'}`}
            aria-label={`${user.is_active ? TEXTS.deactivate : TEXTS.reactivate} ${user.username}`}
            onClick={(event) => onToggleActive(event.currentTarget)}
            data-testid="user-toggle-active"
          >
            {user.is_active ? TEXTS.deactivate : TEXTS.reactivate}
          </button>
        )}
      </td>
    </tr>
  );
}
