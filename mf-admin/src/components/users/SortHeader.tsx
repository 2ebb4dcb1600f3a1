import type { AdminUserSort } from '@forum/contracts';
import { ariaSort, type SortState } from '../../lib/table';

/** A sortable column header; aria-sort tells the current order. */
export function SortHeader({
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
