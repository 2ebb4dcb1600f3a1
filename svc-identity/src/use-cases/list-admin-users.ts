import type { AdminUserSort, AdminUsersQuery } from '@forum/contracts';
import type { IdentityDeps } from '../deps.js';
import { USER_FIELDS, type PresentableUser } from '../presenters/user.js';

export interface AdminUserPage {
  users: PresentableUser[];
  total: number;
  page: number;
  limit: number;
}

/** Sort keys map to indexed fields; names sort case-insensitively through their lower copies. */
const SORT_FIELDS: Record<AdminUserSort, string> = {
  username: 'username_lower',
  email: 'email_lower',
  created_at: 'created_at',
  last_active: 'last_active',
  total_score: 'total_score',
};

/** The search is literal text, never a pattern the caller controls. */
export const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The one place the list's query is built, so the explain test runs every shape. */
export function adminUsersQuery({ page, limit, sortBy, sortOrder, search }: AdminUsersQuery) {
  const needle = search ? escapeRegex(search.toLowerCase()) : '';
  const filter = needle
    ? { $or: [{ username_lower: { $regex: needle } }, { email_lower: { $regex: needle } }] }
    : {};
  const direction = sortOrder === 'asc' ? 1 : -1;
  return {
    filter,
    sort: { [SORT_FIELDS[sortBy]]: direction, _id: direction } as Record<string, 1 | -1>,
    skip: (page - 1) * limit,
    limit,
  };
}

export async function listAdminUsers(
  { models }: IdentityDeps,
  query: AdminUsersQuery,
): Promise<AdminUserPage> {
  const { filter, sort, skip, limit } = adminUsersQuery(query);
  const [users, total] = await Promise.all([
    models.User.find(filter, USER_FIELDS)
      .sort(sort)
      .skip(skip)
      .limit(limit)
      .lean<PresentableUser[]>(),
    models.User.countDocuments(filter),
  ]);
  return { users, total, page: query.page, limit };
}
