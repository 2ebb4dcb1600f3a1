import { useEffect, useState } from 'react';
import { useIsFetching, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '@forum/sdk';
import { electionKeys } from '../lib/electionKeys';

const POST_LISTS = ['posts', 'forum-list'];

/**
 * The community's newest election while it is open (nominating or voting), else null: the
 * community page's banner. Asked only once the page's post list has arrived, so the banner never
 * competes with the posts for the first paint. `enabled` false for a visitor of an NSFW
 * community (the server refuses them the list).
 */
export function useOpenElection(communityId: string, enabled: boolean) {
  const api = useApi();
  const queryClient = useQueryClient();
  const fetchingPosts = useIsFetching({ queryKey: POST_LISTS });
  const [postsDone, setPostsDone] = useState(false);
  useEffect(() => {
    // Effects run after the post list's (a child's) query has started: ask the cache itself,
    // since this render's count predates that start.
    if (!postsDone && queryClient.isFetching({ queryKey: POST_LISTS }) === 0) setPostsDone(true);
  }, [postsDone, fetchingPosts, queryClient]);
  return useQuery({
    queryKey: electionKeys.latest(communityId),
    queryFn: async ({ signal }) => {
      const { elections } = await api.call(
        'GET /api/communities/{id}/elections',
        { params: { id: communityId }, query: { limit: 1, offset: 0 } },
        { signal },
      );
      const latest = elections[0];
      return latest && latest.phase !== 'closed' ? latest : null;
    },
    enabled: enabled && postsDone,
    // A banner is a hint: a failure shows nothing rather than an error.
    retry: false,
  });
}
