/**
 * React Query keys of the election screens, under one 'elections' prefix: a start, a nomination
 * or a ballot refreshes every list, banner and page of the community's elections at once.
 */
export const electionKeys = {
  all: ['elections'] as const,
  list: (communityId: string) => ['elections', 'community', communityId] as const,
  /** The newest election only: the community page's banner. */
  latest: (communityId: string) => ['elections', 'latest', communityId] as const,
  detail: (id: string) => ['elections', 'detail', id] as const,
  ballot: (id: string, userId: string) => ['elections', 'ballot', id, userId] as const,
};
