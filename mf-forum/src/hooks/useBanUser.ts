import { useMutation } from '@tanstack/react-query';
import { useApi } from '@forum/sdk';
import { useModerationStale } from './useModerationStale';

export interface BanInput {
  username: string;
  reason: string;
  /** 1-3650; absent = permanent. */
  days?: number | undefined;
}

/** Bans a user from the community (EXTENSIONS §M2); its bans list and log go stale. */
export function useBanUser(communityId: string) {
  const api = useApi();
  const markStale = useModerationStale();
  return useMutation({
    mutationFn: ({ username, reason, days }: BanInput) =>
      api.call('POST /api/communities/{id}/bans', {
        params: { id: communityId },
        body: { username, reason, ...(days === undefined ? {} : { days }) },
      }),
    onSuccess: () => markStale(communityId),
  });
}
