import type { AdminUsersResponse } from '@forum/contracts';
import type { AdminUserPage } from '../use-cases/list-admin-users.js';
import { presentAdminUser } from './user.js';

export const presentAdminUserPage = ({
  users,
  total,
  page,
  limit,
}: AdminUserPage): AdminUsersResponse => {
  const totalPages = Math.ceil(total / limit);
  return {
    users: users.map(presentAdminUser),
    pagination: {
      page,
      limit,
      total,
      totalPages,
      hasPrevPage: page > 1,
      hasNextPage: page < totalPages,
    },
  };
};
