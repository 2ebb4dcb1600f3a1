import type { AdminUserSort } from '@forum/contracts';
import { useSession } from '@forum/sdk';
import type { AdminUser } from '@forum/contracts';
import { useNow } from '@forum/ui/useNow';
import type { SortState } from '../../lib/table';
import { EmptyRow, SkeletonRows } from '../TableStateRows';
import { SortHeader } from './SortHeader';
import { UserRow } from './UserRow';
import { TEXTS } from '../../texts';

const COLUMNS: Array<{ key: AdminUserSort | null; label: string; className?: string }> = [
  { key: 'username', label: 'Username' },
  { key: 'email', label: 'Email' },
  { key: 'created_at', label: 'Joined' },
  { key: 'last_active', label: 'Last active' },
  { key: 'total_score', label: 'Total score', className: 'admin-num' },
  { key: null, label: 'Active' },
  { key: null, label: 'Verified' },
  { key: null, label: 'Actions' },
];

/** The users of one page (`users` undefined while the first page loads). */
export function UsersTable({
  users,
  sort,
  busy,
  onSort,
  onToggleActive,
}: {
  users: AdminUser[] | undefined;
  sort: SortState;
  busy: boolean;
  onSort: (column: AdminUserSort) => void;
  onToggleActive: (user: AdminUser, button: HTMLButtonElement) => void;
}) {
  const me = useSession().user;
  const now = useNow(30_000);
  return (
    <div className="admin-table-wrap" role="region" aria-label="Users table" tabIndex={0}>
      <table
        className="admin-table"
        data-testid="users-table"
        aria-busy={busy}
        data-busy={busy ? 'true' : 'false'}
      >
        <caption className="ui-sr-only">
          Users, sorted by {sort.sortBy.replace('_', ' ')}{' '}
          {sort.sortOrder === 'asc' ? 'ascending' : 'descending'}
        </caption>
        <thead>
          <tr>
            {COLUMNS.map((c) =>
              c.key ? (
                <SortHeader
                  key={c.label}
                  column={c.key}
                  label={c.label}
                  sort={sort}
                  className={c.className}
                  onSort={onSort}
                />
              ) : (
                <th key={c.label} scope="col">
                  {c.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {!users ? <SkeletonRows count={5} colSpan={COLUMNS.length} /> : null}
          {users && users.length === 0 ? (
            <EmptyRow colSpan={COLUMNS.length} testId="users-empty">
              {TEXTS.noUsers}
            </EmptyRow>
          ) : null}
          {users?.map((u) => (
            <UserRow
              key={u.id}
              user={u}
              self={me?.id === u.id}
              now={now}
              onToggleActive={(button) => onToggleActive(u, button)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
