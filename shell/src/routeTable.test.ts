import { describe, expect, it } from 'vitest';
import { remoteForPath } from './routeTable';

describe('remoteForPath', () => {
  it.each([
    ['/', 'forum'],
    ['/communities', 'forum'],
    ['/communities/create', 'forum'],
    ['/create-community', 'forum'],
    ['/c/general', 'forum'],
    ['/c/general/settings', 'forum'],
    ['/c/general/create', 'forum'],
    ['/post/abc', 'forum'],
    ['/saved', 'forum'],
    ['/u/alice', 'forum'],
    ['/search', 'forum'],
    ['/search/', 'forum'],
    ['/inbox', 'inbox'],
    ['/inbox/', 'inbox'],
    ['/inbox/new', 'inbox'],
    ['/inbox/123', 'inbox'],
    ['/admin', 'admin'],
  ])('%s -> %s', (path, remote) => {
    expect(remoteForPath(path)).toBe(remote);
  });

  it.each([
    '/login',
    '/register',
    '/forgot-password',
    '/terms',
    '/privacy',
    '/settings',
    '/verify-email',
    '/nope',
    '/c',
    '/u/',
    '/savedx',
    '/searches',
    '/inboxes',
    '/administrator',
  ])('%s belongs to the shell', (path) => {
    expect(remoteForPath(path)).toBeNull();
  });
});
