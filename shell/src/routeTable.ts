import type { RemoteName } from './remotes';

/**
 * URL prefixes -> owning remote (ARCHITECTURE §1). Each remote renders its own routes under
 * these prefixes (and its own not-found page for unknown sub-paths), so a remote can add a
 * route without a shell release. Everything else belongs to the shell (sign-in, legal pages,
 * /settings and /verify-email: App.tsx routes them).
 */
const table: Array<{ remote: RemoteName; exact?: string; prefix?: string }> = [
  { remote: 'forum', exact: '/' },
  { remote: 'forum', prefix: '/communities' },
  { remote: 'forum', prefix: '/create-community' },
  { remote: 'forum', prefix: '/c/' },
  { remote: 'forum', prefix: '/post/' },
  { remote: 'forum', prefix: '/saved' },
  { remote: 'forum', prefix: '/u/' },
  { remote: 'forum', prefix: '/modlog' },
  { remote: 'forum', prefix: '/search' },
  { remote: 'inbox', prefix: '/inbox' },
  { remote: 'admin', prefix: '/admin' },
];

function matchesPrefix(pathname: string, prefix: string): boolean {
  if (prefix.endsWith('/')) return pathname.startsWith(prefix) && pathname.length > prefix.length;
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function remoteForPath(pathname: string): RemoteName | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const row of table) {
    if (row.exact !== undefined && path === row.exact) return row.remote;
    if (row.prefix !== undefined && matchesPrefix(path, row.prefix)) return row.remote;
  }
  return null;
}
