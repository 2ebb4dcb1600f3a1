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

export async function listAdminUsers(
  { models }: IdentityDeps,
  query: AdminUsersQuery,
): Promise<AdminUserPage> {
  const { page, limit, sortBy, sortOrder, search } = query;
  const needle = search ? escapeRegex(search.toLowerCase()) : '';
  const filter = needle
    ? { $or: [{ username_lower: { $regex: needle } }, { email_lower: { $regex: needle } }] }
    : {};
  const direction = sortOrder === 'asc' ? 1 : -1;
  const [users, total] = await Promise.all([
    models.User.find(filter, USER_FIELDS)
      .sort({ [SORT_FIELDS[sortBy]]: direction, _id: direction })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean<PresentableUser[]>(),
    models.User.countDocuments(filter),
  ]);
  return { users, total, page, limit };
}
