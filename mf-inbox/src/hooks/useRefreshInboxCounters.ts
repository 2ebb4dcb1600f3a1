import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@forum/sdk';
import { inboxKeys } from '../lib/inboxQueries';

/** Refreshes the conversations list and every unread counter (the shell's header badge too). */
export function useRefreshInboxCounters() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: inboxKeys.conversationsAll });
    void queryClient.invalidateQueries({ queryKey: queryKeys.messages.unreadCountAll });
  }, [queryClient]);
}
