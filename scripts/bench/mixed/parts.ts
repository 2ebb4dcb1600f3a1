/**
 * The mixed workload: what signed-in users and visitors do on the forum, as weighted parts.
 * Every part builds each of its requests afresh (autocannon's setupRequest) so the targets vary
 * like real traffic: many users, popular posts and communities more often than the rest.
 */
import type { Session } from '../../seed/client.js';
import { commentText, sentence } from '../../seed/content.js';
import type { Random } from '../../seed/random.js';

export interface MixedWorld {
  /** Signed-in demo users (the admin first). */
  users: Session[];
  /** Popular first (the seeder draws from the start of its lists more often). */
  communities: { id: string; name: string }[];
  posts: { id: string }[];
  /** Comments that can take a reply (depth below 3). */
  replyable: { id: string; postId: string }[];
  /** The conversations each user takes part in. */
  conversations: { user: Session; ids: string[] }[];
}

export interface MixedRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface MixedPart {
  name: string;
  kind: 'read' | 'write';
  /** Relative frequency (the weights add up to 100). */
  weight: number;
  description: string;
  next(world: MixedWorld, rnd: Random): MixedRequest;
}

const auth = (user: Session) => ({ authorization: `Bearer ${user.token}` });
const json = (user: Session) => ({ ...auth(user), 'content-type': 'application/json' });
/** Most page views are of the first page; some scroll on. */
const offset = (rnd: Random, pageSize: number) =>
  rnd.chance(0.8) ? 0 : rnd.chance(0.75) ? pageSize : 2 * pageSize;
const sort = (rnd: Random, usual: string) =>
  rnd.chance(0.7) ? usual : rnd.pick(['new', 'hot', 'top'].filter((s) => s !== usual));

export const MIXED_PARTS: MixedPart[] = [
  {
    name: 'home-feed-signed-in',
    kind: 'read',
    weight: 22,
    description: 'GET /api/posts?feed=joined&sort=new&limit=10 (Your Feed; some hot/top, page 2-3)',
    next: (w, rnd) => ({
      method: 'GET',
      path: `/api/posts?feed=joined&sort=${sort(rnd, 'new')}&limit=10&offset=${offset(rnd, 10)}`,
      headers: auth(rnd.pick(w.users)),
    }),
  },
  {
    name: 'home-visitor',
    kind: 'read',
    weight: 14,
    description: 'GET /api/posts?sort=new&limit=20 without a token (Recent Discussions)',
    next: (_w, rnd) => ({
      method: 'GET',
      path: `/api/posts?sort=${sort(rnd, 'new')}&limit=20&offset=${offset(rnd, 20)}`,
    }),
  },
  {
    name: 'community-page',
    kind: 'read',
    weight: 12,
    description: 'GET /api/posts?community_id=<popular>&sort=hot&limit=20, half signed in',
    next: (w, rnd) => ({
      method: 'GET',
      path: `/api/posts?community_id=${rnd.pickSkewed(w.communities, 1.5).id}&sort=${sort(rnd, 'hot')}&limit=20&offset=${offset(rnd, 20)}`,
      ...(rnd.chance(0.5) ? { headers: auth(rnd.pick(w.users)) } : {}),
    }),
  },
  {
    name: 'post-detail',
    kind: 'read',
    weight: 10,
    description: 'GET /api/posts/<popular post>, half signed in',
    next: (w, rnd) => ({
      method: 'GET',
      path: `/api/posts/${rnd.pickSkewed(w.posts, 2).id}`,
      ...(rnd.chance(0.5) ? { headers: auth(rnd.pick(w.users)) } : {}),
    }),
  },
  {
    name: 'post-comments',
    kind: 'read',
    weight: 10,
    description: 'GET /api/comments/post/<popular post>?sortBy=best&limit=50 (the post page)',
    next: (w, rnd) => ({
      method: 'GET',
      path: `/api/comments/post/${rnd.pickSkewed(w.posts, 2).id}?sortBy=${rnd.chance(0.8) ? 'best' : 'new'}&limit=50&offset=0`,
      ...(rnd.chance(0.5) ? { headers: auth(rnd.pick(w.users)) } : {}),
    }),
  },
  {
    name: 'messages-unread',
    kind: 'read',
    weight: 8,
    description: 'GET /api/messages/unread-count (every signed-in tab polls it)',
    next: (w, rnd) => ({
      method: 'GET',
      path: '/api/messages/unread-count',
      headers: auth(rnd.pick(w.users)),
    }),
  },
  {
    name: 'notifications-unread',
    kind: 'read',
    weight: 8,
    description: 'GET /api/notifications/unread-count (every signed-in tab polls it)',
    next: (w, rnd) => ({
      method: 'GET',
      path: '/api/notifications/unread-count',
      headers: auth(rnd.pick(w.users)),
    }),
  },
  {
    name: 'notifications-list',
    kind: 'read',
    weight: 4,
    description: 'GET /api/notifications?page=1&limit=20',
    next: (w, rnd) => ({
      method: 'GET',
      path: `/api/notifications?page=${rnd.chance(0.85) ? 1 : 2}&limit=20`,
      headers: auth(rnd.pick(w.users)),
    }),
  },
  {
    name: 'post-vote',
    kind: 'write',
    weight: 6,
    description: 'POST /api/posts/<popular post>/vote {vote_type: ±1} as a random user',
    next: (w, rnd) => ({
      method: 'POST',
      path: `/api/posts/${rnd.pickSkewed(w.posts, 2).id}/vote`,
      headers: json(rnd.pick(w.users)),
      body: JSON.stringify({ vote_type: rnd.chance(0.8) ? 1 : -1 }),
    }),
  },
  {
    name: 'comment-create',
    kind: 'write',
    weight: 4,
    description: 'POST /api/comments: top-level on a popular post or a reply (depth < 3)',
    next: (w, rnd) => {
      const reply = w.replyable.length > 0 && rnd.chance(0.4) ? rnd.pick(w.replyable) : undefined;
      const post = reply ? reply.postId : rnd.pickSkewed(w.posts, 2).id;
      return {
        method: 'POST',
        path: '/api/comments',
        headers: json(rnd.pick(w.users)),
        body: JSON.stringify({
          content: commentText(rnd),
          post_id: post,
          ...(reply ? { parent_id: reply.id } : {}),
        }),
      };
    },
  },
  {
    name: 'message-send',
    kind: 'write',
    weight: 2,
    description: 'POST /api/messages/conversations/<one of theirs>/messages',
    next: (w, rnd) => {
      const { user, ids } = rnd.pick(w.conversations);
      return {
        method: 'POST',
        path: `/api/messages/conversations/${rnd.pick(ids)}/messages`,
        headers: json(user),
        body: JSON.stringify({ content: sentence(rnd, 4, 20) }),
      };
    },
  },
];
