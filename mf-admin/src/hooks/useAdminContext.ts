import { useApi, useSession } from '@forum/sdk';

/**
 * Admin loads are not retried automatically: a failure shows its spec §8 text with a Retry
 * button at once, and a 403 is final anyway.
 */
export const adminQueryDefaults = { retry: false, staleTime: 15_000 } as const;

/** The API, the signed-in admin's id (for the query keys) and whether admin loads may run. */
export function useAdminContext() {
  const api = useApi();
  const { status, user } = useSession();
  const uid = user?.id ?? '';
  return { api, uid, enabled: status === 'signed-in' && user?.is_admin === true };
}
