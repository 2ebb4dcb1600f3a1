import { useQuery } from '@tanstack/react-query';
import { adminKeys } from '../lib/adminKeys';
import { adminQueryDefaults, useAdminContext } from './useAdminContext';

export function useAdminCommunities() {
  const { api, uid, enabled } = useAdminContext();
  return useQuery({
    queryKey: adminKeys.communities(uid),
    queryFn: ({ signal }) => api.call('GET /api/admin/communities', {}, { signal }),
    enabled,
    ...adminQueryDefaults,
  });
}
