import { describe, expect, it } from 'vitest';
import { routes } from '@forum/contracts';
import {
  API_ROUTES,
  PREFIX_ROUTES,
  isAmbiguousPath,
  resolveApiRoute,
  resolveMediaService,
} from './routing-table.js';

/** Every public contract route with a concrete path ({id} -> a sample value). */
const CONTRACT_CALLS = routes
  .filter((route) => !route.internal)
  .map((route) => ({
    method: route.method.toUpperCase(),
    path: route.path.replace(/\{(\w+)\}/g, (_, name: string) => `sample-${name}`),
    service: route.service,
  }));

describe('routing table', () => {
  it.each(CONTRACT_CALLS)(
    '$method $path -> $service (its own row)',
    ({ method, path, service }) => {
      const resolved = resolveApiRoute(method, path);
      expect(resolved?.target).toBe(service);
      expect(resolved?.route).not.toMatch(/\*$/);
    },
  );

  it('routes the spec calls to the services ARCHITECTURE §2 gives them', () => {
    const owners: [string, string, string][] = [
      ['GET', '/api/auth/me', 'identity'],
      ['GET', '/api/auth/me/posts', 'forum'],
      ['GET', '/api/auth/me/comments', 'forum'],
      ['GET', '/api/auth/user/alice', 'identity'],
      ['GET', '/api/auth/user/alice/posts', 'forum'],
      ['GET', '/api/auth/user/alice/comments', 'forum'],
      ['GET', '/api/badges/user/u1', 'identity'],
      ['GET', '/api/communities/c1/members', 'forum'],
      ['GET', '/api/post-subscriptions/p1/status', 'forum'],
      ['PUT', '/api/notifications/mark-all-read', 'messaging'],
      ['GET', '/api/messages/unread-count', 'messaging'],
      ['GET', '/api/admin/stats', 'gateway'],
      ['PATCH', '/api/admin/users/u1', 'identity'],
      ['GET', '/api/admin/communities', 'forum'],
      ['GET', '/api/health', 'forum'],
    ];
    for (const [method, path, target] of owners) {
      expect(resolveApiRoute(method, path)?.target, `${method} ${path}`).toBe(target);
    }
  });

  it('gives each service the prefixes it owns, and none for admin paths', () => {
    expect(Object.fromEntries(PREFIX_ROUTES.map((r) => [r.prefix, r.target]))).toEqual({
      '/api/auth': 'identity',
      '/api/badges': 'identity',
      '/api/blocks': 'identity',
      '/api/communities': 'forum',
      '/api/posts': 'forum',
      '/api/comments': 'forum',
      '/api/post-subscriptions': 'forum',
      // The site-wide moderation log (EXTENSIONS §M3), reports, appeals (§M5, §M6), elections (§E).
      '/api/modlog': 'forum',
      '/api/reports': 'forum',
      '/api/appeals': 'forum',
      '/api/elections': 'forum',
      // Search (EXTENSIONS §S): forum's three routes; /api/search/users goes to identity by its row.
      '/api/search': 'forum',
      '/api/messages': 'messaging',
      '/api/notifications': 'messaging',
      // Live updates (EXTENSIONS §L): svc-stream.
      '/api/stream': 'stream',
    });
  });

  it('sends user search to identity and the other searches to forum', () => {
    expect(resolveApiRoute('GET', '/api/search/users')?.target).toBe('identity');
    expect(resolveApiRoute('GET', '/api/search/posts')?.target).toBe('forum');
    expect(resolveApiRoute('GET', '/api/search/communities')?.target).toBe('forum');
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
    expect(resolveApiRoute('POST', '/api/auth/not-a-route')).toEqual({
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
    ['GET', '/api/docs'],
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
