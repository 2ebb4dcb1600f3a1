import { useQuery, type QueryKey } from '@tanstack/react-query';
import { adminQueryDefaults, useAdminContext } from './useAdminContext';

type AdminRead =
  'GET /api/admin/stats' | 'GET /api/admin/daily-user-stats' | 'GET /api/admin/communities';

/** An admin read that takes no parameters, cached under the signed-in admin's key. */
export function useAdminRead<K extends AdminRead>(route: K, key: (uid: string) => QueryKey) {
  const { api, uid, enabled } = useAdminContext();
  return useQuery({
    queryKey: key(uid),
    queryFn: ({ signal }) => api.call(route, {}, { signal }),
    enabled,
    ...adminQueryDefaults,
  });
}
