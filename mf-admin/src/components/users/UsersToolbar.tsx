import { useId } from 'react';
import { isPageSize, PAGE_SIZES, type UsersView } from '../../lib/table';
import { TEXTS } from '../../texts';

/** Search and page size of the users table; both go back to page 1. */
export function UsersToolbar({
  view,
  onChange,
}: {
  view: UsersView;
  onChange: (patch: Partial<UsersView>) => void;
}) {
  const searchId = useId();
  const sizeId = useId();
  return (
    <div className="admin-toolbar">
      <div className="ui-field admin-toolbar__search">
        <label className="ui-field__label" htmlFor={searchId}>
          {TEXTS.searchUsers}
        </label>
        <input
          id={searchId}
          type="search"
          className="ui-input"
          placeholder={TEXTS.searchPlaceholder}
          value={view.search}
          maxLength={100}
          onChange={(e) => onChange({ search: e.target.value, page: 1 })}
          data-testid="users-search"
        />
      </div>
      <div className="ui-field admin-toolbar__size">
        <label className="ui-field__label" htmlFor={sizeId}>
          {TEXTS.usersPerPage}
        </label>
        <select
          id={sizeId}
          className="ui-input"
          value={view.limit}
          onChange={(e) => {
            const n = Number(e.target.value);
            if (isPageSize(n)) onChange({ limit: n, page: 1 });
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
  );
}
