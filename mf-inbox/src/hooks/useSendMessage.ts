import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useApi, useSession } from '@forum/sdk';
import type { ConversationDetailResponse } from '@forum/contracts';
import { inboxKeys } from '../lib/inboxQueries';
import { useRefreshInboxCounters } from './useRefreshInboxCounters';

/** POST /messages/conversations/{id}/messages {content}; the answer is appended to page 1. */
export function useSendMessage(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? '';
  const refresh = useRefreshInboxCounters();
  return useMutation({
    mutationFn: (content: string) =>
      api.call('POST /api/messages/conversations/{id}/messages', {
        params: { id },
        body: { content },
      }),
    onSuccess: (res) => {
      const { message: _nested, ...message } = res;
      queryClient.setQueryData<InfiniteData<ConversationDetailResponse>>(
        inboxKeys.conversation(userId, id),
        (old) => {
          if (!old || old.pages.length === 0) return old;
          const [first, ...rest] = old.pages;
          if (first!.messages.some((m) => m.id === message.id)) return old;
          return {
            ...old,
            pages: [{ ...first!, messages: [...first!.messages, message] }, ...rest],
          };
        },
      );
      refresh();
    },
  });
}
