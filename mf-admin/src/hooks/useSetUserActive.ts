import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUsersResponse } from '@forum/contracts';
import { adminKeys } from '../lib/adminKeys';
import { useAdminContext } from './useAdminContext';

/** PATCH /admin/users/{id} {is_active}: the row is updated in every cached page, then refetched. */
export function useSetUserActive() {
  const { api, uid } = useAdminContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, isActive }: { user: AdminUser; isActive: boolean }) =>
      api.call('PATCH /api/admin/users/{id}', {
        params: { id: user.id },
        body: { is_active: isActive },
      }),
    onSuccess: ({ user }) => {
      queryClient.setQueriesData<AdminUsersResponse>(
        { queryKey: adminKeys.usersAll(uid) },
        (old) =>
          old ? { ...old, users: old.users.map((u) => (u.id === user.id ? user : u)) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.usersAll(uid) });
    },
  });
}
