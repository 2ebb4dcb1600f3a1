/**
 * Which service answers which /api path (ARCHITECTURE §2). The gateway never rewrites paths: a
 * request is forwarded unchanged to the service named here.
 *
 * Two layers, checked in order:
 *  1. API_ROUTES: every call of spec §7 (method + pattern). These rows carry the exceptions to the
 *     prefix rule (the four profile lists under /auth that svc-forum serves) and give metrics a
 *     bounded route label.
 *  2. PREFIX_ROUTES: the ownership prefixes of ARCHITECTURE §2, so a service can add a call under
 *     its own prefix (or answer a wrong method with its own 404) without a gateway release.
 * Anything else under /api is a 404 from the gateway.
 */

export type ServiceName = 'identity' | 'forum' | 'messaging';
/** `gateway` = answered by the gateway itself (composed or generated responses). */
export type RouteTarget = ServiceName | 'gateway';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface ApiRoute {
  method: HttpMethod;
  /** Full path under /api; `:name` matches one non-empty segment. */
  pattern: string;
  target: RouteTarget;
}

export interface PrefixRoute {
  prefix: string;
  target: ServiceName;
}

export interface ResolvedRoute {
  target: RouteTarget;
  /** The matched pattern (or `prefix/*`), used as the metrics route label. */
  route: string;
}

const route = (method: HttpMethod, pattern: string, target: RouteTarget): ApiRoute => ({
  method,
  pattern: `/api${pattern}`,
  target,
});
const identity = (method: HttpMethod, pattern: string) => route(method, pattern, 'identity');
const forum = (method: HttpMethod, pattern: string) => route(method, pattern, 'forum');
const messaging = (method: HttpMethod, pattern: string) => route(method, pattern, 'messaging');

export const API_ROUTES: readonly ApiRoute[] = [
  // Auth and profile
  identity('POST', '/auth/register'),
  identity('POST', '/auth/login'),
  identity('POST', '/auth/refresh'),
  identity('GET', '/auth/me'),
  identity('POST', '/auth/logout'),
  // Password recovery (the /auth prefix covers them too; explicit rows give metrics a label).
  identity('POST', '/auth/forgot-password'),
  identity('POST', '/auth/reset-password'),
  forum('GET', '/auth/me/posts'),
  forum('GET', '/auth/me/comments'),
  identity('GET', '/auth/user/:username'),
  forum('GET', '/auth/user/:username/posts'),
  forum('GET', '/auth/user/:username/comments'),
  identity('POST', '/auth/avatar'),
  identity('DELETE', '/auth/avatar'),
  identity('GET', '/auth/referral-code'),
  identity('GET', '/auth/referral-stats'),
  identity('GET', '/badges/user/:userId'),

  // Communities
  forum('POST', '/communities'),
  forum('GET', '/communities'),
  forum('GET', '/communities/id/:id'),
  forum('GET', '/communities/name/:name'),
  forum('GET', '/communities/my'),
  forum('POST', '/communities/:id/join'),
  forum('POST', '/communities/:id/leave'),
  forum('PUT', '/communities/:id'),
  forum('DELETE', '/communities/:id'),
  forum('GET', '/communities/:id/membership'),
  forum('GET', '/communities/:id/members'),
  forum('POST', '/communities/:id/logo'),
  forum('DELETE', '/communities/:id/logo'),

  // Posts
  forum('POST', '/posts'),
  forum('GET', '/posts'),
  forum('GET', '/posts/:id'),
  forum('PUT', '/posts/:id'),
  forum('DELETE', '/posts/:id'),
  forum('POST', '/posts/:id/vote'),
  forum('GET', '/posts/:id/vote'),
  forum('GET', '/posts/:id/comments'),
  forum('POST', '/posts/:id/save'),
  forum('DELETE', '/posts/:id/save'),
  forum('GET', '/posts/:id/saved'),
  forum('GET', '/posts/saved/my'),
  forum('GET', '/posts/:id/reactions'),
  forum('POST', '/posts/:id/reactions'),
  forum('DELETE', '/posts/:id/reactions'),

  // Comments
  forum('POST', '/comments'),
  forum('GET', '/comments/post/:postId'),
  forum('GET', '/comments/:id'),
  forum('PUT', '/comments/:id'),
  forum('DELETE', '/comments/:id'),
  forum('POST', '/comments/:id/vote'),
  forum('GET', '/comments/:id/vote'),
  forum('GET', '/comments/:id/replies'),
  forum('POST', '/comments/:id/save'),
  forum('DELETE', '/comments/:id/save'),
  forum('GET', '/comments/:id/saved'),
  forum('GET', '/comments/saved/my'),

  // Subscriptions
  forum('GET', '/post-subscriptions/:postId/status'),
  forum('POST', '/post-subscriptions/:postId'),
  forum('DELETE', '/post-subscriptions/:postId'),

  // Notifications
  messaging('GET', '/notifications'),
  messaging('GET', '/notifications/unread-count'),
  messaging('PUT', '/notifications/:id/read'),
  messaging('PUT', '/notifications/mark-all-read'),

  // Messages
  messaging('GET', '/messages/conversations'),
  messaging('GET', '/messages/conversations/:id'),
  messaging('POST', '/messages/conversations'),
  messaging('POST', '/messages/conversations/:id/messages'),
  messaging('PUT', '/messages/messages/:id/read'),
  messaging('GET', '/messages/unread-count'),

  // Admin: stats are composed here from both services' internal stats.
  route('GET', '/admin/stats', 'gateway'),
  identity('GET', '/admin/users'),
  // Deactivate / reactivate a user: body {is_active}.
  identity('PATCH', '/admin/users/:id'),
  forum('GET', '/admin/communities'),
  identity('GET', '/admin/daily-user-stats'),

  // Not in §7: the platform health alias (every service serves it; forum answers for the API)
  // and the gateway's own API documentation.
  forum('GET', '/health'),
  route('GET', '/docs', 'gateway'),
  route('GET', '/docs/openapi.json', 'gateway'),
  route('GET', '/docs/docs.css', 'gateway'),
];

export const PREFIX_ROUTES: readonly PrefixRoute[] = [
  { prefix: '/api/auth', target: 'identity' },
  { prefix: '/api/badges', target: 'identity' },
  { prefix: '/api/communities', target: 'forum' },
  { prefix: '/api/posts', target: 'forum' },
  { prefix: '/api/comments', target: 'forum' },
  { prefix: '/api/post-subscriptions', target: 'forum' },
  { prefix: '/api/messages', target: 'messaging' },
  { prefix: '/api/notifications', target: 'messaging' },
];

/**
 * Processed images: /media/avatars/* belong to identity (it owns avatars), everything else under
 * /media (community logos, post images) to forum. Services store media under these prefixes.
 */
export const MEDIA_ROUTES: readonly PrefixRoute[] = [
  { prefix: '/media/avatars', target: 'identity' },
  { prefix: '/media', target: 'forum' },
];

interface CompiledRoute extends ApiRoute {
  segments: (string | null)[];
  staticCount: number;
}

const COMPILED: CompiledRoute[] = API_ROUTES.map((r) => {
  const segments = r.pattern
    .split('/')
    .slice(1)
    .map((s) => (s.startsWith(':') ? null : s));
  return { ...r, segments, staticCount: segments.filter((s) => s !== null).length };
});

/**
 * A path the gateway refuses to route: dot segments, encoded slashes or backslashes, NUL, empty
 * segments. Services might normalise such a path differently than the gateway matched it.
 */
export function isAmbiguousPath(path: string): boolean {
  if (/%2f|%5c|%00|\\|\0/i.test(path)) return true;
  return path
    .split('/')
    .slice(1)
    .some((segment, index, all) => {
      if (segment === '' && index < all.length - 1) return true;
      const decoded = safeDecode(segment);
      return decoded === undefined || decoded === '.' || decoded === '..';
    });
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** The route for an /api request, or undefined for a 404. HEAD is routed like GET. */
export function resolveApiRoute(method: string, rawPath: string): ResolvedRoute | undefined {
  if (isAmbiguousPath(rawPath)) return undefined;
  const path = withoutTrailingSlash(rawPath);
  const wanted = method === 'HEAD' ? 'GET' : method;
  const parts = path.split('/').slice(1);
  let best: CompiledRoute | undefined;
  for (const candidate of COMPILED) {
    if (candidate.method !== wanted || candidate.segments.length !== parts.length) continue;
    const matches = candidate.segments.every((s, i) => s === null || s === parts[i]);
    if (matches && (!best || candidate.staticCount > best.staticCount)) best = candidate;
  }
  if (best) return { target: best.target, route: best.pattern };
  const prefix = matchPrefix(PREFIX_ROUTES, path);
  return prefix ? { target: prefix.target, route: `${prefix.prefix}/*` } : undefined;
}

/** The service that serves a /media path, or undefined when the path is not routable. */
export function resolveMediaService(path: string): ServiceName | undefined {
  if (isAmbiguousPath(path)) return undefined;
  return matchPrefix(MEDIA_ROUTES, path)?.target;
}

function matchPrefix(table: readonly PrefixRoute[], path: string): PrefixRoute | undefined {
  return table.find((r) => path === r.prefix || path.startsWith(`${r.prefix}/`));
}
