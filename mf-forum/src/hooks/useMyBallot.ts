import { useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '@forum/sdk';
import { electionKeys } from '../lib/electionKeys';

/** The signed-in user's own ballot in an election (null before they vote); nobody else's. */
export function useMyBallot(electionId: string, enabled = true) {
  const api = useApi();
  const { status, user } = useSession();
  const userId = user?.id ?? '';
  return useQuery({
    queryKey: electionKeys.ballot(electionId, userId),
    queryFn: ({ signal }) =>
      api.call('GET /api/elections/{id}/ballot', { params: { id: electionId } }, { signal }),
    enabled: enabled && status === 'signed-in' && userId !== '',
  });
}
