import { useQuery } from '@tanstack/react-query';
import { adminKeys } from '../lib/adminKeys';
import { adminQueryDefaults, useAdminContext } from './useAdminContext';

export function useAdminStats() {
  const { api, uid, enabled } = useAdminContext();
  return useQuery({
    queryKey: adminKeys.stats(uid),
    queryFn: ({ signal }) => api.call('GET /api/admin/stats', {}, { signal }),
    enabled,
    ...adminQueryDefaults,
  });
}
