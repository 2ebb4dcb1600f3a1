import { useUserActivation } from '../hooks/useUserActivation';
import { useUsersList } from '../hooks/useUsersList';
import { formatNumber } from '../lib/format';
import { nextSort, type UsersView } from '../lib/table';
import { TEXTS } from '../texts';
import { Pager } from './Pager';
import { SectionError } from './SectionError';
import { UserActivationDialog } from './users/UserActivationDialog';
import { UsersTable } from './users/UsersTable';
import { UsersToolbar } from './users/UsersToolbar';

export function UsersTab({
  view,
  onViewChange,
}: {
  view: UsersView;
  onViewChange: (next: UsersView) => void;
}) {
  const { users, busy } = useUsersList(view);
  const activation = useUserActivation();
  const data = users.data;
  const update = (patch: Partial<UsersView>) => onViewChange({ ...view, ...patch });
  const error = users.isError ? (
    <SectionError
      error={users.error}
      fallback={TEXTS.users}
      onRetry={() => void users.refetch()}
      testId="users-error"
    />
  ) : null;

  return (
    <div className="admin-users">
      <UsersToolbar view={view} onChange={update} />

      <p className="ui-sr-only" role="status" data-testid="users-status">
        {activation.announcement}
      </p>

      {users.isError && !data ? (
        error
      ) : (
        <>
          {error}
          <p className="admin-users__summary" data-testid="users-total">
            {data
              ? `${formatNumber(data.pagination.total)} ${data.pagination.total === 1 ? 'user' : 'users'}`
              : '\u00a0'}
          </p>
          <UsersTable
            users={data?.users}
            sort={view.sort}
            busy={busy}
            onSort={(column) => update({ sort: nextSort(view.sort, column), page: 1 })}
            onToggleActive={activation.ask}
          />
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

      <UserActivationDialog
        target={activation.target}
        pending={activation.pending}
        error={activation.error}
        onConfirm={activation.confirm}
        onCancel={activation.cancel}
        returnFocusRef={activation.trigger}
      />
    </div>
  );
}
