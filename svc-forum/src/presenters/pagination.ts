import type { Pagination } from '@forum/contracts';

/** Every list page answers `pagination: { hasMore, total }`. */
export const presentPagination = (page: { hasMore: boolean; total: number }): Pagination => ({
  hasMore: page.hasMore,
  total: page.total,
});
