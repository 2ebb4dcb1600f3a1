import { setBounded } from './bounded-map.js';
import type { AuthUser } from './http/koa-types.js';

/** What a signature check proved: who the token speaks for, and until when (epoch seconds). */
export interface VerifiedToken {
  user: AuthUser;
  /** The token's exp claim; undefined when it has none. */
  expiresAt: number | undefined;
}

export interface VerifiedTokenCacheOptions {
  /** Most tokens remembered (default 10,000); the oldest entry goes first. 0 turns it off. */
  maxEntries?: number;
  /**
   * Longest an entry is reused (default 60 s), whatever the token's exp: a key withdrawn from
   * identity's key set stops being honoured this soon after the key set itself is refreshed.
   */
  maxAgeMs?: number;
  /** Clock, for tests. */
  now?: () => number;
}

/**
 * Remembers the tokens whose signature already verified, so a client's next requests with the same
 * token skip the ES256 check (about 4% of a service's CPU under a signed-in list). The key is the
 * whole token string, so only the byte-identical token hits; an entry is dropped once the token
 * expires. Failed checks are never cached (they throw), and what comes after the signature (the
 * account's is-active check) still runs on every request.
 */
export function cacheVerifiedTokens(
  verify: (token: string) => Promise<VerifiedToken>,
  { maxEntries = 10_000, maxAgeMs = 60_000, now = Date.now }: VerifiedTokenCacheOptions = {},
): (token: string) => Promise<AuthUser> {
  const entries = new Map<string, { user: AuthUser; until: number }>();

  function remember(token: string, { user, expiresAt }: VerifiedToken, at: number): void {
    const until = Math.min(at + maxAgeMs, expiresAt === undefined ? Infinity : expiresAt * 1000);
    setBounded(entries, token, { user, until }, maxEntries);
  }

  return async (token) => {
    const at = now();
    const hit = entries.get(token);
    if (hit) {
      // jose refuses a token once now >= exp: so does the cache.
      if (at < hit.until) return hit.user;
      entries.delete(token);
    }
    const verified = await verify(token);
    remember(token, verified, at);
    return verified.user;
  };
}
