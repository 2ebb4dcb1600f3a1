import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminKeys, type UsersParams } from '../lib/adminKeys';
import { adminQueryDefaults, useAdminContext } from './useAdminContext';

export function useAdminUsers(params: UsersParams) {
  const { api, uid, enabled } = useAdminContext();
  return useQuery({
    queryKey: adminKeys.users(uid, params),
    queryFn: ({ signal }) =>
      api.call(
        'GET /api/admin/users',
        {
          query: {
            page: params.page,
            limit: params.limit,
            sortBy: params.sortBy,
            sortOrder: params.sortOrder,
            search: params.search.trim() || undefined,
          },
        },
        { signal },
      ),
    enabled,
    placeholderData: keepPreviousData,
    ...adminQueryDefaults,
  });
}
