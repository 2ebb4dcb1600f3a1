import { useMutation } from '@tanstack/react-query';
import { useApi } from '@forum/sdk';
import type { CreateConversationBody } from '@forum/contracts';
import { useRefreshInboxCounters } from './useRefreshInboxCounters';

/** POST /messages/conversations {recipientUsername, subject, content} -> {id, ...}. */
export function useStartConversation() {
  const api = useApi();
  const refresh = useRefreshInboxCounters();
  return useMutation({
    mutationFn: (body: CreateConversationBody) =>
      api.call('POST /api/messages/conversations', { body }),
    onSuccess: () => refresh(),
  });
}
