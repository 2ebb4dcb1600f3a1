import type { AdminUserSort } from '@forum/contracts';

export type SortOrder = 'asc' | 'desc';
export interface SortState {
  sortBy: AdminUserSort;
  sortOrder: SortOrder;
}

/** The users table's controls; the dashboard keeps them so switching tabs does not lose them. */
export interface UsersView {
  sort: SortState;
  page: number;
  limit: PageSize;
  search: string;
}

/** Spec §9: the users table opens sorted by created_at, newest first. */
export const DEFAULT_SORT: SortState = { sortBy: 'created_at', sortOrder: 'desc' };
/** Spec §9 page sizes (default 25) and pager width. */
export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;
export const MAX_PAGE_BUTTONS = 5;
/** Search input debounce. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Spec §4: clicking the column already sorted toggles DESC/ASC; another column starts at DESC.
 */
export function nextSort(current: SortState, column: AdminUserSort): SortState {
  if (current.sortBy === column) {
    return { sortBy: column, sortOrder: current.sortOrder === 'desc' ? 'asc' : 'desc' };
  }
  return { sortBy: column, sortOrder: 'desc' };
}

/** aria-sort of a sortable column header. */
export function ariaSort(
  current: SortState,
  column: AdminUserSort,
): 'ascending' | 'descending' | 'none' {
  if (current.sortBy !== column) return 'none';
  return current.sortOrder === 'asc' ? 'ascending' : 'descending';
}

/**
 * The page numbers the pager shows: at most `max` consecutive pages, the current one centred
 * when possible, clamped to 1..totalPages. One page shows [1]; no pages shows nothing.
 */
export function pageWindow(current: number, totalPages: number, max = MAX_PAGE_BUTTONS): number[] {
  if (totalPages <= 0 || max <= 0) return [];
  const page = Math.min(Math.max(1, Math.floor(current)), totalPages);
  const count = Math.min(max, totalPages);
  let start = page - Math.floor(count / 2);
  start = Math.max(1, Math.min(start, totalPages - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

export function isPageSize(value: number): value is PageSize {
  return (PAGE_SIZES as readonly number[]).includes(value);
}
