import type { CallQuery } from './call';

/** React Query keys, shared by every app so invalidations reach all remotes. */
export const queryKeys = {
  posts: {
    all: ['posts'] as const,
    list: (query: CallQuery<'GET /api/posts'>) => ['posts', 'list', query] as const,
    detail: (id: string) => ['posts', 'detail', id] as const,
  },
  communities: {
    all: ['communities'] as const,
    list: (query: CallQuery<'GET /api/communities'>) => ['communities', 'list', query] as const,
    byName: (name: string) => ['communities', 'name', name] as const,
  },
  auth: {
    me: ['auth', 'me'] as const,
    user: (username: string) => ['auth', 'user', username] as const,
    /** The signed-in user's referral code / stats (keyed by user id). */
    referralCode: (userId: string) => ['auth', 'referral-code', userId] as const,
    referralStats: (userId: string) => ['auth', 'referral-stats', userId] as const,
  },
  /**
   * Per-user data carries the user id in its key, so one user's cache never shows for another.
   * Invalidate by prefix (`notifications.all`, `messages.unreadCountAll`) from any remote.
   */
  notifications: {
    all: ['notifications'] as const,
    unreadCountAll: ['notifications', 'unread-count'] as const,
    unreadCount: (userId: string) => ['notifications', 'unread-count', userId] as const,
    listAll: ['notifications', 'list'] as const,
    list: (userId: string) => ['notifications', 'list', userId] as const,
  },
  /** The signed-in user's blocks (EXTENSIONS §B1), keyed by their id. */
  blocks: {
    all: ['blocks'] as const,
    list: (userId: string) => ['blocks', userId] as const,
  },
  messages: {
    all: ['messages'] as const,
    unreadCountAll: ['messages', 'unread-count'] as const,
    unreadCount: (userId: string) => ['messages', 'unread-count', userId] as const,
  },
};
