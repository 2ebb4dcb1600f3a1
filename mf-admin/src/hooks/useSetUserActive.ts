import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUsersResponse } from '@forum/contracts';
import { adminKeys } from '../lib/adminKeys';
import { useAdminContext } from './useAdminContext';

/**
 * PATCH /admin/users/{id} {is_active, reason}: the row is updated in every cached page, then
 * refetched. The reason is required to deactivate and optional to reactivate.
 */
export function useSetUserActive() {
  const { api, uid } = useAdminContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      user,
      isActive,
      reason,
    }: {
      user: AdminUser;
      isActive: boolean;
      reason?: string | undefined;
    }) =>
      api.call('PATCH /api/admin/users/{id}', {
        params: { id: user.id },
        body: reason === undefined ? { is_active: isActive } : { is_active: isActive, reason },
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
