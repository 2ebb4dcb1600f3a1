import { isApiError, queryKeys } from '@forum/sdk';

/** Spec §9 page sizes. */
export const CONVERSATIONS_LIMIT = 20;
export const MESSAGES_LIMIT = 50;
/** The open conversation is polled every 10 s while the tab is visible. */
export const CONVERSATION_POLL_MS = 10_000;
/** The list follows new conversations at the pace of the unread counters (spec §9: 30 s). */
export const LIST_POLL_MS = 30_000;

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
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function isNotFound(error: unknown): boolean {
  return isApiError(error) && [400, 403, 404].includes(error.status);
}
