import { useId, useRef, useState } from 'react';
import type { AdminUserSort } from '@forum/contracts';
import { errorMessage, useSession } from '@forum/sdk';
import { Skeleton } from '@forum/ui';
import { useAdminUsers, useSetUserActive, type AdminUser } from '../api/admin';
import { formatDateTime, formatFullDate, formatNumber, onlineStatus } from '../lib/format';
import { useDebouncedValue, useNow } from '../lib/hooks';
import {
  ariaSort,
  isPageSize,
  nextSort,
  PAGE_SIZES,
  SEARCH_DEBOUNCE_MS,
  type PageSize,
  type SortState,
} from '../lib/table';
import { TEXTS } from '../lib/texts';
import { ConfirmDialog } from './ConfirmDialog';
import { Pager } from './Pager';
import { SectionError } from './SectionError';

/** The table's controls; the dashboard keeps them so switching tabs does not lose them. */
export interface UsersView {
  sort: SortState;
  page: number;
  limit: PageSize;
  search: string;
}

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

function SortHeader({
  column,
  label,
  sort,
  className,
  onSort,
}: {
  column: AdminUserSort;
  label: string;
  sort: SortState;
  className?: string | undefined;
  onSort: (column: AdminUserSort) => void;
}) {
  const state = ariaSort(sort, column);
  return (
    <th scope="col" aria-sort={state} className={className}>
      <button
        type="button"
        className="admin-sort"
        onClick={() => onSort(column)}
        data-testid={`sort-${column}`}
        data-sort={state}
      >
        {label}
        <span className="admin-sort__icon" aria-hidden="true">
          {state === 'ascending' ? '▲' : state === 'descending' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}

function Flag({ on, yes, no, testId }: { on: boolean; yes: string; no: string; testId: string }) {
  return (
    <span className={`admin-flag admin-flag--${on ? 'on' : 'off'}`} data-testid={testId}>
      {on ? yes : no}
    </span>
  );
}

export function UsersTab({
  view,
  onViewChange,
}: {
  view: UsersView;
  onViewChange: (next: UsersView) => void;
}) {
  const searchId = useId();
  const sizeId = useId();
  const me = useSession().user;
  const now = useNow();
  const search = useDebouncedValue(view.search, SEARCH_DEBOUNCE_MS);
  const users = useAdminUsers({
    sortBy: view.sort.sortBy,
    sortOrder: view.sort.sortOrder,
    page: view.page,
    limit: view.limit,
    search,
  });
  const setActive = useSetUserActive();
  const [target, setTarget] = useState<AdminUser | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const trigger = useRef<HTMLButtonElement | null>(null);

  const data = users.data;
  const busy = users.isFetching || view.search !== search;
  const update = (patch: Partial<UsersView>) => onViewChange({ ...view, ...patch });

  const confirm = () => {
    if (!target) return;
    const isActive = !target.is_active;
    setActive.mutate(
      { user: target, isActive },
      {
        onSuccess: ({ user }) => {
          setAnnouncement(`${user.username} was ${isActive ? 'reactivated' : 'deactivated'}.`);
          setTarget(null);
        },
      },
    );
  };

  return (
    <div className="admin-users">
      <div className="admin-toolbar">
        <div className="ui-field admin-toolbar__search">
          <label className="ui-field__label" htmlFor={searchId}>
            Search users
          </label>
          <input
            id={searchId}
            type="search"
            className="ui-input"
            placeholder="Username or email"
            value={view.search}
            maxLength={100}
            onChange={(e) => update({ search: e.target.value, page: 1 })}
            data-testid="users-search"
          />
        </div>
        <div className="ui-field admin-toolbar__size">
          <label className="ui-field__label" htmlFor={sizeId}>
            Users per page
          </label>
          <select
            id={sizeId}
            className="ui-input"
            value={view.limit}
            onChange={(e) => {
              const n = Number(e.target.value);
              if (isPageSize(n)) update({ limit: n, page: 1 });
            }}
            data-testid="users-page-size"
          >
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      </div>

      <p className="ui-sr-only" role="status" data-testid="users-status">
        {announcement}
      </p>

      {users.isError && !data ? (
        <SectionError
          error={users.error}
          fallback={TEXTS.users}
          onRetry={() => void users.refetch()}
          testId="users-error"
        />
      ) : (
        <>
          {users.isError ? (
            <SectionError
              error={users.error}
              fallback={TEXTS.users}
              onRetry={() => void users.refetch()}
              testId="users-error"
            />
          ) : null}
          <p className="admin-users__summary" data-testid="users-total">
            {data
              ? `${formatNumber(data.pagination.total)} ${data.pagination.total === 1 ? 'user' : 'users'}`
              : '\u00a0'}
          </p>
          <div className="admin-table-wrap" role="region" aria-label="Users table" tabIndex={0}>
            <table
              className="admin-table"
              data-testid="users-table"
              aria-busy={busy}
              data-busy={busy ? 'true' : 'false'}
            >
              <caption className="ui-sr-only">
                Users, sorted by {view.sort.sortBy.replace('_', ' ')}{' '}
                {view.sort.sortOrder === 'asc' ? 'ascending' : 'descending'}
              </caption>
              <thead>
                <tr>
                  {COLUMNS.map((c) =>
                    c.key ? (
                      <SortHeader
                        key={c.label}
                        column={c.key}
                        label={c.label}
                        sort={view.sort}
                        className={c.className}
                        onSort={(column) => update({ sort: nextSort(view.sort, column), page: 1 })}
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
                {!data
                  ? Array.from({ length: 5 }, (_, i) => (
                      <tr key={i}>
                        <td colSpan={COLUMNS.length}>
                          <Skeleton />
                        </td>
                      </tr>
                    ))
                  : null}
                {data && data.users.length === 0 ? (
                  <tr>
                    <td colSpan={COLUMNS.length} data-testid="users-empty">
                      No users found.
                    </td>
                  </tr>
                ) : null}
                {data?.users.map((u) => {
                  const online = onlineStatus(u.last_active, now);
                  const self = me?.id === u.id;
                  return (
                    <tr key={u.id} data-testid="user-row" data-username={u.username}>
                      <th
                        scope="row"
                        className="admin-table__name admin-table__wrap"
                        data-testid="user-username"
                      >
                        {u.username}
                      </th>
                      <td className="admin-table__wrap" data-testid="user-email">
                        {u.email}
                      </td>
                      <td data-testid="user-joined" title={formatDateTime(u.created_at)}>
                        {formatFullDate(u.created_at)}
                      </td>
                      <td
                        data-testid="user-last-active"
                        title={u.last_active ? formatDateTime(u.last_active) : undefined}
                      >
                        <span
                          className={`admin-online admin-online--${online.online ? 'on' : 'off'}`}
                          aria-hidden="true"
                        />
                        {online.text}
                      </td>
                      <td className="admin-num" data-testid="user-score">
                        {formatNumber(u.total_score)}
                      </td>
                      <td>
                        <Flag on={u.is_active} yes="Active" no="Inactive" testId="user-active" />
                      </td>
                      <td>
                        <Flag
                          on={u.email_verified}
                          yes="Verified"
                          no="Unverified"
                          testId="user-verified"
                        />
                      </td>
                      <td>
                        {self ? (
                          <span className="admin-muted" data-testid="user-self">
                            You
                          </span>
                        ) : (
                          <button
                            type="button"
                            className={`ui-button ui-button--sm ${u.is_active ? 'ui-button--danger' : 'ui-button--secondary'}`}
                            aria-label={`${u.is_active ? 'Deactivate' : 'Reactivate'} ${u.username}`}
                            onClick={(event) => {
                              trigger.current = event.currentTarget;
                              setActive.reset();
                              setTarget(u);
                            }}
                            data-testid="user-toggle-active"
                          >
                            {u.is_active ? 'Deactivate' : 'Reactivate'}
                          </button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {data ? (
            <Pager
              page={data.pagination.page}
              totalPages={data.pagination.totalPages}
              hasPrevPage={data.pagination.hasPrevPage}
              hasNextPage={data.pagination.hasNextPage}
              onPage={(page) => update({ page })}
            />
          ) : null}
        </>
      )}

      <ConfirmDialog
        open={target !== null}
        title={
          target ? `${target.is_active ? 'Deactivate' : 'Reactivate'} ${target.username}?` : ''
        }
        description={
          target?.is_active
            ? 'They are signed out everywhere and cannot sign in until reactivated.'
            : 'They can sign in again.'
        }
        confirmLabel={target?.is_active ? 'Deactivate' : 'Reactivate'}
        danger={target?.is_active ?? false}
        pending={setActive.isPending}
        error={setActive.isError ? errorMessage(setActive.error, TEXTS.updateUser) : null}
        onConfirm={confirm}
        onCancel={() => setTarget(null)}
        returnFocusRef={trigger}
      />
    </div>
  );
}
