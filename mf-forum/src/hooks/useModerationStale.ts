import { useQueryClient } from '@tanstack/react-query';

/**
 * After a moderation write on an item: the post and comment lists, the moderation logs, the
 * community's queues and memberships change. They are marked stale (not refetched now: the page
 * in view already holds the server's answer) so each refetches on its next visit.
 */
export function useModerationStale() {
  const queryClient = useQueryClient();
  return (communityId: string) => {
    const keys = [
      ['posts'],
      ['comments'],
      ['modlog'],
      ['moderation', communityId],
      ['communities'],
    ];
    for (const queryKey of keys) {
      void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
    }
  };
}
