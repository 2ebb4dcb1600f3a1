import { useQuery } from '@tanstack/react-query';
import { isApiError, useApi } from '@forum/sdk';
import { electionKeys } from '../lib/electionKeys';
import { clockIsAhead } from '../lib/electionTime';

/** While the clock says a phase ended but the answer has not caught up (the tally runs each second). */
const CATCH_UP_MS = 2000;

/**
 * One election. Past a deadline the server's answer may lag a moment (the tally runs about a
 * second after the close): then it asks again every 2 s until the phase it reports has moved.
 */
export function useElection(id: string, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: electionKeys.detail(id),
    queryFn: ({ signal }) => api.call('GET /api/elections/{id}', { params: { id } }, { signal }),
    retry: (count, err) => !(isApiError(err) && err.status < 500) && count < 1,
    refetchInterval: (query) => {
      const election = query.state.data?.election;
      return election && clockIsAhead(election, Date.now()) ? CATCH_UP_MS : false;
    },
    enabled,
  });
}
