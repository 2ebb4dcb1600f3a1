/** Shell pages a sign-in must never return to. */
const AUTH_PAGES = ['/login', '/register', '/forgot-password'];

/**
 * Where to go after signing in: the `from` the user was headed to (router state `{from}` as a
 * path string or a location object, else the `?from=` parameter), if it is a same-site path.
 */
export function redirectTarget(state: unknown, search: string): string {
  const fromState = (state as { from?: unknown } | null | undefined)?.from;
  let candidate: string | null = null;
  if (typeof fromState === 'string') candidate = fromState;
  else if (fromState && typeof fromState === 'object') {
    const loc = fromState as { pathname?: unknown; search?: unknown; hash?: unknown };
    if (typeof loc.pathname === 'string') {
      candidate =
        loc.pathname +
        (typeof loc.search === 'string' ? loc.search : '') +
        (typeof loc.hash === 'string' ? loc.hash : '');
    }
  }
  candidate ??= new URLSearchParams(search).get('from');
  return isSafePath(candidate) ? candidate : '/';
}

function isSafePath(value: string | null): value is string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return false;
  }
  const path = value.split(/[?#]/)[0] ?? '';
  return !AUTH_PAGES.some((p) => path === p || path.startsWith(`${p}/`));
}

/** Spec §5: the referral code in the URL fragment counts only as exactly 8 of A-Z and 0-9. */
export function referralCodeFromHash(hash: string): string | null {
  const code = hash.startsWith('#') ? hash.slice(1) : hash;
  return /^[A-Z0-9]{8}$/.test(code) ? code : null;
}

/**
 * The token of a mailed link's fragment: `/forgot-password#token=...` (password reset) and
 * `/verify-email#token=...` (email verification).
 */
export function tokenFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const token = params.get('token');
  return token && token.length <= 512 ? token : null;
}
