import { describe, expect, it } from 'vitest';
import {
  API_ROUTES,
  isAmbiguousPath,
  resolveApiRoute,
  resolveMediaService,
  type RouteTarget,
} from './routing-table.js';

/** Every call of spec §7 with a concrete path, and the service ARCHITECTURE §2 gives it. */
const SPEC_CALLS: [string, string, RouteTarget][] = [
  // Auth and profile
  ['POST', '/api/auth/register', 'identity'],
  ['POST', '/api/auth/login', 'identity'],
  ['POST', '/api/auth/refresh', 'identity'],
  ['GET', '/api/auth/me', 'identity'],
  ['POST', '/api/auth/logout', 'identity'],
  ['POST', '/api/auth/forgot-password', 'identity'],
  ['POST', '/api/auth/reset-password', 'identity'],
  ['GET', '/api/auth/me/posts', 'forum'],
  ['GET', '/api/auth/me/comments', 'forum'],
  ['GET', '/api/auth/user/alice', 'identity'],
  ['GET', '/api/auth/user/alice/posts', 'forum'],
  ['GET', '/api/auth/user/alice/comments', 'forum'],
  ['POST', '/api/auth/avatar', 'identity'],
  ['DELETE', '/api/auth/avatar', 'identity'],
  ['GET', '/api/auth/referral-code', 'identity'],
  ['GET', '/api/auth/referral-stats', 'identity'],
  ['GET', '/api/badges/user/u1', 'identity'],
  // Communities
  ['POST', '/api/communities', 'forum'],
  ['GET', '/api/communities', 'forum'],
  ['GET', '/api/communities/id/c1', 'forum'],
  ['GET', '/api/communities/name/golang', 'forum'],
  ['GET', '/api/communities/my', 'forum'],
  ['POST', '/api/communities/c1/join', 'forum'],
  ['POST', '/api/communities/c1/leave', 'forum'],
  ['PUT', '/api/communities/c1', 'forum'],
  ['DELETE', '/api/communities/c1', 'forum'],
  ['GET', '/api/communities/c1/membership', 'forum'],
  ['GET', '/api/communities/c1/members', 'forum'],
  ['POST', '/api/communities/c1/logo', 'forum'],
  ['DELETE', '/api/communities/c1/logo', 'forum'],
  // Posts
  ['POST', '/api/posts', 'forum'],
  ['GET', '/api/posts', 'forum'],
  ['GET', '/api/posts/p1', 'forum'],
  ['PUT', '/api/posts/p1', 'forum'],
  ['DELETE', '/api/posts/p1', 'forum'],
  ['POST', '/api/posts/p1/vote', 'forum'],
  ['GET', '/api/posts/p1/vote', 'forum'],
  ['GET', '/api/posts/p1/comments', 'forum'],
  ['POST', '/api/posts/p1/save', 'forum'],
  ['DELETE', '/api/posts/p1/save', 'forum'],
  ['GET', '/api/posts/p1/saved', 'forum'],
  ['GET', '/api/posts/saved/my', 'forum'],
  ['GET', '/api/posts/p1/reactions', 'forum'],
  ['POST', '/api/posts/p1/reactions', 'forum'],
  ['DELETE', '/api/posts/p1/reactions', 'forum'],
  // Comments
  ['POST', '/api/comments', 'forum'],
  ['GET', '/api/comments/post/p1', 'forum'],
  ['GET', '/api/comments/k1', 'forum'],
  ['PUT', '/api/comments/k1', 'forum'],
  ['DELETE', '/api/comments/k1', 'forum'],
  ['POST', '/api/comments/k1/vote', 'forum'],
  ['GET', '/api/comments/k1/vote', 'forum'],
  ['GET', '/api/comments/k1/replies', 'forum'],
  ['POST', '/api/comments/k1/save', 'forum'],
  ['DELETE', '/api/comments/k1/save', 'forum'],
  ['GET', '/api/comments/k1/saved', 'forum'],
  ['GET', '/api/comments/saved/my', 'forum'],
  // Subscriptions
  ['GET', '/api/post-subscriptions/p1/status', 'forum'],
  ['POST', '/api/post-subscriptions/p1', 'forum'],
  ['DELETE', '/api/post-subscriptions/p1', 'forum'],
  // Notifications
  ['GET', '/api/notifications', 'messaging'],
  ['GET', '/api/notifications/unread-count', 'messaging'],
  ['PUT', '/api/notifications/n1/read', 'messaging'],
  ['PUT', '/api/notifications/mark-all-read', 'messaging'],
  // Messages
  ['GET', '/api/messages/conversations', 'messaging'],
  ['GET', '/api/messages/conversations/v1', 'messaging'],
  ['POST', '/api/messages/conversations', 'messaging'],
  ['POST', '/api/messages/conversations/v1/messages', 'messaging'],
  ['PUT', '/api/messages/messages/m1/read', 'messaging'],
  ['GET', '/api/messages/unread-count', 'messaging'],
  // Admin
  ['GET', '/api/admin/stats', 'gateway'],
  ['GET', '/api/admin/users', 'identity'],
  ['PATCH', '/api/admin/users/u1', 'identity'],
  ['GET', '/api/admin/communities', 'forum'],
  ['GET', '/api/admin/daily-user-stats', 'identity'],
  // Beyond §7
  ['GET', '/api/health', 'forum'],
  ['GET', '/api/docs', 'gateway'],
  ['GET', '/api/docs/openapi.json', 'gateway'],
];

describe('routing table', () => {
  it.each(SPEC_CALLS)('%s %s -> %s', (method, path, target) => {
    expect(resolveApiRoute(method, path)?.target).toBe(target);
  });

  it('matches each call to its own explicit row (not only a prefix)', () => {
    for (const [method, path] of SPEC_CALLS) {
      expect(resolveApiRoute(method, path)?.route, `${method} ${path}`).not.toMatch(/\*$/);
    }
  });

  it('has exactly one row per method and pattern', () => {
    const keys = API_ROUTES.map((r) => `${r.method} ${r.pattern}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('routes HEAD like GET, ignores a trailing slash and the query string is not part of the path', () => {
    expect(resolveApiRoute('HEAD', '/api/auth/user/alice/posts')?.target).toBe('forum');
    expect(resolveApiRoute('GET', '/api/auth/me/posts/')?.target).toBe('forum');
  });

  it('prefers the more specific pattern', () => {
    expect(resolveApiRoute('GET', '/api/posts/saved/my')?.route).toBe('/api/posts/saved/my');
    expect(resolveApiRoute('GET', '/api/communities/my')?.route).toBe('/api/communities/my');
  });

  it('gives the password recovery and admin user rows their own labels', () => {
    expect(resolveApiRoute('POST', '/api/auth/forgot-password')).toEqual({
      target: 'identity',
      route: '/api/auth/forgot-password',
    });
    expect(resolveApiRoute('POST', '/api/auth/reset-password')?.route).toBe(
      '/api/auth/reset-password',
    );
    expect(resolveApiRoute('PATCH', '/api/admin/users/u1')).toEqual({
      target: 'identity',
      route: '/api/admin/users/:id',
    });
  });

  it('routes the joined feed through the /api/posts row (the query is not part of the path)', () => {
    expect(resolveApiRoute('GET', '/api/posts')).toEqual({ target: 'forum', route: '/api/posts' });
  });

  it('sends other calls under a service prefix to the owner', () => {
    expect(resolveApiRoute('POST', '/api/auth/verify-email')).toEqual({
      target: 'identity',
      route: '/api/auth/*',
    });
    expect(resolveApiRoute('PATCH', '/api/posts/p1')?.target).toBe('forum');
    expect(resolveApiRoute('GET', '/api/notifications/n1')?.target).toBe('messaging');
  });

  it.each([
    ['GET', '/api'],
    ['GET', '/api/'],
    ['GET', '/api/unknown'],
    ['GET', '/api/internal/stats'],
    ['POST', '/api/admin/stats'],
    ['GET', '/api/admin/other'],
    ['GET', '/api/admin/users/u1'],
    ['DELETE', '/api/admin/users/u1'],
    ['PATCH', '/api/admin/users/u1/extra'],
    ['PATCH', '/api/admin/users'],
    ['GET', '/api/authx'],
    ['GET', '/api/auth/../internal/stats'],
    ['GET', '/api/posts/%2e%2e/x'],
    ['GET', '/api/posts/a%2Fb/vote'],
    ['GET', '/api/posts//vote'],
  ])('%s %s is not routed', (method, path) => {
    expect(resolveApiRoute(method, path)).toBeUndefined();
  });
});

describe('media routing', () => {
  it.each([
    ['/media/avatars/ab/cd.webp', 'identity'],
    ['/media/logos/ab.webp', 'forum'],
    ['/media/posts/ab.webp', 'forum'],
    ['/media/avatarsx/a.webp', 'forum'],
  ])('%s -> %s', (path, service) => {
    expect(resolveMediaService(path)).toBe(service);
  });

  it('refuses ambiguous paths', () => {
    expect(resolveMediaService('/media/avatars/../x')).toBeUndefined();
    expect(isAmbiguousPath('/media/a%5cb')).toBe(true);
    expect(isAmbiguousPath('/media/a/b.webp')).toBe(false);
  });
});
