import { useQuery } from '@tanstack/react-query';
import { adminKeys } from '../lib/adminKeys';
import { adminQueryDefaults, useAdminContext } from './useAdminContext';

export function useDailyUserStats() {
  const { api, uid, enabled } = useAdminContext();
  return useQuery({
    queryKey: adminKeys.daily(uid),
    queryFn: ({ signal }) => api.call('GET /api/admin/daily-user-stats', {}, { signal }),
    enabled,
    ...adminQueryDefaults,
  });
}
