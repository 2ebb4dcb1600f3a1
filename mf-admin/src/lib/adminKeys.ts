import type { ReportsView } from './reports';
import type { PageSize, SortState } from './table';

/** What the users table asks for: a page of the sorted, searched list. */
export interface UsersParams extends SortState {
  page: number;
  limit: PageSize;
  search: string;
}

/** Query keys carry the signed-in user's id so another account never sees this cache. */
export const adminKeys = {
  all: ['admin'] as const,
  stats: (uid: string) => ['admin', uid, 'stats'] as const,
  daily: (uid: string) => ['admin', uid, 'daily-user-stats'] as const,
  usersAll: (uid: string) => ['admin', uid, 'users'] as const,
  users: (uid: string, params: UsersParams) => ['admin', uid, 'users', params] as const,
  communities: (uid: string) => ['admin', uid, 'communities'] as const,
  reportsAll: (uid: string) => ['admin', uid, 'reports'] as const,
  reports: (uid: string, view: ReportsView) => ['admin', uid, 'reports', view] as const,
};
