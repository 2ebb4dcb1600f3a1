import type { ProfilePostsQuery } from '@forum/contracts';

/** A profile list's query as findPostPage takes it (profiles name the sort `sortBy`). */
export const profilePage = (q: ProfilePostsQuery) => ({
  sort: q.sortBy,
  limit: q.limit,
  offset: q.offset,
});
