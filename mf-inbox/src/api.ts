import { useCallback } from 'react';
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { isApiError, queryKeys, useApi, useSession } from '@forum/sdk';
import type {
  ConversationDetailResponse,
  CreateConversationBody,
  CreateConversationResponse,
  ListConversationsResponse,
  Message,
  SendMessageResponse,
} from '@forum/contracts';

export type { ConversationSummary, Message } from '@forum/contracts';
export type ConversationPage = ConversationDetailResponse;

/** Spec §9 page sizes. */
export const CONVERSATIONS_LIMIT = 20;
export const MESSAGES_LIMIT = 50;
/** The open conversation is polled every 10 s while the tab is visible. */
export const CONVERSATION_POLL_MS = 10_000;
/** The list follows new conversations at the pace of the unread counters (spec §9: 30 s). */
export const LIST_POLL_MS = 30_000;

const seg = (value: string) => encodeURIComponent(value);

/**
 * Query keys of the inbox. They live under the SDK's `messages` prefix and carry the user id, so
 * `queryKeys.messages.all` reaches them and one user's cache never shows for another.
 */
export const inboxKeys = {
  conversationsAll: [...queryKeys.messages.all, 'conversations'] as const,
  conversations: (userId: string) => [...queryKeys.messages.all, 'conversations', userId] as const,
  conversation: (userId: string, id: string) =>
    [...queryKeys.messages.all, 'conversation', userId, id] as const,
};

/** 4xx answers are final (a retry would get the same); others are retried once. */
function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function isNotFound(error: unknown): boolean {
  return isApiError(error) && [400, 403, 404].includes(error.status);
}

/** GET /messages/conversations?page&limit=20, page by page ("Load more"). */
export function useConversations() {
  const api = useApi();
  const { status, user } = useSession();
  const userId = user?.id ?? '';
  return useInfiniteQuery({
    queryKey: inboxKeys.conversations(userId),
    queryFn: ({ pageParam, signal }) =>
      api.client.get<ListConversationsResponse>('/messages/conversations', {
        query: { page: pageParam, limit: CONVERSATIONS_LIMIT },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled: status === 'signed-in' && userId !== '',
    retry: retryUnlessClientError,
    staleTime: 5_000,
    refetchInterval: LIST_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

/**
 * GET /messages/conversations/{id}?page&limit=50. Page 1 holds the latest 50 (oldest first);
 * "Load earlier" fetches page 2, 3... All loaded pages are polled together every 10 s while the
 * tab is visible, so the windows stay consistent. Opening (and polling) marks the other's
 * messages read on the server.
 */
export function useConversation(id: string) {
  const api = useApi();
  const { status, user } = useSession();
  const userId = user?.id ?? '';
  return useInfiniteQuery({
    queryKey: inboxKeys.conversation(userId, id),
    queryFn: ({ pageParam, signal }) =>
      api.client.get<ConversationPage>(`/messages/conversations/${seg(id)}`, {
        query: { page: pageParam, limit: MESSAGES_LIMIT },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled: status === 'signed-in' && userId !== '' && id !== '',
    retry: retryUnlessClientError,
    staleTime: 0,
    refetchInterval: (query) => (query.state.status === 'error' ? false : CONVERSATION_POLL_MS),
    refetchIntervalInBackground: false,
  });
}

/** The loaded pages as one list, oldest first, without duplicates. */
export function flattenMessages(data: InfiniteData<ConversationPage> | undefined): Message[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: Message[] = [];
  for (let i = data.pages.length - 1; i >= 0; i--) {
    for (const m of data.pages[i]!.messages) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      out.push(m);
    }
  }
  return out;
}

/** Refreshes the conversations list and every unread counter (the shell's header badge too). */
export function useRefreshInboxCounters() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: inboxKeys.conversationsAll });
    void queryClient.invalidateQueries({ queryKey: queryKeys.messages.unreadCountAll });
  }, [queryClient]);
}

/** POST /messages/conversations/{id}/messages {content}; the answer is appended to page 1. */
export function useSendMessage(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? '';
  const refresh = useRefreshInboxCounters();
  return useMutation({
    mutationFn: (content: string) =>
      api.client.post<SendMessageResponse>(`/messages/conversations/${seg(id)}/messages`, {
        content,
      }),
    onSuccess: (res) => {
      const { message: _nested, ...message } = res;
      queryClient.setQueryData<InfiniteData<ConversationPage>>(
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

/** POST /messages/conversations {recipientUsername, subject, content} -> {id, ...}. */
export function useStartConversation() {
  const api = useApi();
  const refresh = useRefreshInboxCounters();
  return useMutation({
    mutationFn: (body: CreateConversationBody) =>
      api.client.post<CreateConversationResponse>('/messages/conversations', body),
    onSuccess: () => refresh(),
  });
}
