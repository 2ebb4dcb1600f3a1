import type { Middleware } from 'koa';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  importSPKI,
  jwtVerify,
  type CryptoKey,
  type JWTPayload,
  type JWTVerifyGetKey,
  type KeyObject,
} from 'jose';
import { HttpError, serviceUnavailable } from './errors.js';
import type { AuthUser } from './http/koa-types.js';
import { setBounded } from './bounded-map.js';
import { cacheVerifiedTokens, type VerifiedToken } from './verified-tokens.js';

export const JWT_ALG = 'ES256';

/** Where the verification key comes from (identity's JWKS, or a key given directly). */
export type AuthKeyOptions =
  | { jwksUrl: string; issuer?: string; audience?: string }
  | { publicKey: string | CryptoKey | KeyObject; issuer?: string; audience?: string };

/**
 * Whether the account behind a verified token may still act. Resolves false for a deactivated
 * account; a rejection propagates (the request fails, it is not let through).
 */
export type IsActiveCheck = (userId: string) => Promise<boolean>;

export type AuthOptions = AuthKeyOptions & {
  /**
   * Run after a token verifies (requireAuth, optionalAuth and verify): false -> 401
   * 'Account is deactivated'. Access tokens live 15 minutes; this lets a service refuse the rest
   * of a deactivated account's token. Keep it cheap (see createActiveUserCache).
   */
  isActive?: IsActiveCheck;
};

export interface Auth {
  /**
   * Sets ctx.state.user when a valid token is present; allows none. A token that is present but
   * not (or no longer) acceptable -- bad, expired, or its account deactivated -- is a 401, never a
   * silent downgrade to anonymous: the client then refreshes or signs out.
   */
  optionalAuth: Middleware;
  /** 401 unless a valid token of an active account is present. */
  requireAuth: Middleware;
  /** Verify a raw token (and the isActive check when configured); throws HttpError(401). */
  verify(token: string): Promise<AuthUser>;
}

export const AUTH_REQUIRED = 'Authentication required';
export const INVALID_TOKEN = 'Invalid or expired token';
/** Same text (and status) as identity's own routes give a deactivated account's token. */
export const ACCOUNT_DEACTIVATED = 'Account is deactivated';

/** Claims identity puts in access tokens: sub = user id. */
interface AccessClaims extends JWTPayload {
  username?: unknown;
  is_admin?: unknown;
}

function bearer(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? '';
}

/** Identity's key set could not be fetched: the service cannot judge the token (503, not 401). */
export const KEYS_UNAVAILABLE = 'Authentication service unavailable';

class KeysUnavailableError extends Error {}

/**
 * jose reports a failed key-set fetch as JWKSTimeout, as fetch's own error (not a JOSEError) or
 * as a plain JOSEError (non-200 answer, bad JSON); problems of the token itself are specific
 * JOSEError subclasses (no matching key, bad signature, ...).
 */
function isKeyFetchFailure(err: unknown): boolean {
  return (
    err instanceof joseErrors.JWKSTimeout ||
    !(err instanceof joseErrors.JOSEError) ||
    err.code === joseErrors.JOSEError.code
  );
}

/**
 * Identity's JWKS, cached (refetched on an unknown kid, with a cooldown, and after cacheMaxAge).
 * Fault tolerance (found by the fault suite): while identity is unreachable, keys fetched before
 * keep verifying tokens even once the cache is stale, and a process that never got the keys
 * answers 503. Both used to be a 401, which makes every client refresh (identity is down too)
 * and then sign its user out: an identity outage must not log everybody out.
 */
function remoteKeySet(jwksUrl: string): JWTVerifyGetKey {
  const remote = createRemoteJWKSet(new URL(jwksUrl), {
    cacheMaxAge: 10 * 60_000,
    cooldownDuration: 30_000,
  });
  return async (protectedHeader, token) => {
    try {
      return await remote(protectedHeader, token);
    } catch (err) {
      if (!isKeyFetchFailure(err)) throw err;
      const known = remote.jwks();
      if (known) return createLocalJWKSet(known)(protectedHeader, token);
      throw new KeysUnavailableError('JWKS fetch failed', { cause: err });
    }
  };
}

export function createAuth(options: AuthOptions): Auth {
  let keyPromise: Promise<CryptoKey | KeyObject | JWTVerifyGetKey>;
  if ('jwksUrl' in options) {
    keyPromise = Promise.resolve(remoteKeySet(options.jwksUrl));
  } else if (typeof options.publicKey === 'string') {
    keyPromise = importSPKI(options.publicKey, JWT_ALG);
  } else {
    keyPromise = Promise.resolve(options.publicKey);
  }

  async function checkSignature(token: string): Promise<VerifiedToken> {
    let payload: AccessClaims;
    try {
      const key = await keyPromise;
      const verifyOptions = {
        algorithms: [JWT_ALG],
        ...(options.issuer ? { issuer: options.issuer } : {}),
        ...(options.audience ? { audience: options.audience } : {}),
      };
      // Two calls because jose's overloads distinguish a key from a key-resolver function.
      const result =
        typeof key === 'function'
          ? await jwtVerify<AccessClaims>(token, key, verifyOptions)
          : await jwtVerify<AccessClaims>(token, key, verifyOptions);
      payload = result.payload;
    } catch (err) {
      if (err instanceof KeysUnavailableError)
        throw serviceUnavailable(KEYS_UNAVAILABLE, { cause: err });
      throw new HttpError(401, INVALID_TOKEN);
    }
    if (typeof payload.sub !== 'string' || typeof payload.username !== 'string') {
      throw new HttpError(401, INVALID_TOKEN);
    }
    return {
      user: { id: payload.sub, username: payload.username, isAdmin: payload.is_admin === true },
      expiresAt: payload.exp,
    };
  }
  const verifyToken = cacheVerifiedTokens(checkSignature);

  const { isActive } = options;
  async function verify(token: string): Promise<AuthUser> {
    const user = await verifyToken(token);
    if (isActive && !(await isActive(user.id))) throw new HttpError(401, ACCOUNT_DEACTIVATED);
    return user;
  }

  const optionalAuth: Middleware = async (ctx, next) => {
    const token = bearer(ctx.get('Authorization') || undefined);
    if (token !== undefined) {
      if (!token) throw new HttpError(401, INVALID_TOKEN);
      ctx.state.user = await verify(token);
    }
    await next();
  };

  const requireAuth: Middleware = async (ctx, next) => {
    const token = bearer(ctx.get('Authorization') || undefined);
    if (token === undefined) throw new HttpError(401, AUTH_REQUIRED);
    if (!token) throw new HttpError(401, INVALID_TOKEN);
    ctx.state.user = await verify(token);
    await next();
  };

  return { optionalAuth, requireAuth, verify };
}

export interface ActiveUserCacheOptions {
  /** How long an answer is reused (default 5 s): the most a deactivation can lag per process. */
  ttlMs?: number;
  /** Most users remembered (default 10,000); the oldest entry goes first. */
  maxEntries?: number;
  /** Clock, for tests. */
  now?: () => number;
}

export interface ActiveUserCache {
  /** The cached answer, or one lookup shared by concurrent callers. Pass as createAuth's isActive. */
  isActive: IsActiveCheck;
  /**
   * Drop what is known about a user (call it when this process applies a change to the account),
   * so the next request looks again instead of waiting for the TTL.
   */
  forget(userId: string): void;
  /** Entries held (expired ones included until they are looked up or evicted). */
  readonly size: number;
}

/**
 * A small in-process cache in front of an is-active lookup (e.g. a read of the service's user
 * directory replica), so the check costs no database round trip per request in steady state.
 * Failed lookups are not cached. A lookup that started before a forget() does not store its
 * (possibly stale) answer.
 */
export function createActiveUserCache(
  lookup: IsActiveCheck,
  { ttlMs = 5_000, maxEntries = 10_000, now = Date.now }: ActiveUserCacheOptions = {},
): ActiveUserCache {
  const entries = new Map<string, { active: boolean; expiresAt: number }>();
  const pending = new Map<string, Promise<boolean>>();
  // Bumped by forget(): a lookup that began under an older epoch may have read the old state.
  let epoch = 0;

  const store = (userId: string, active: boolean): void =>
    setBounded(entries, userId, { active, expiresAt: now() + ttlMs }, maxEntries);

  function isActive(userId: string): Promise<boolean> {
    const hit = entries.get(userId);
    if (hit) {
      if (hit.expiresAt > now()) return Promise.resolve(hit.active);
      entries.delete(userId);
    }
    const inFlight = pending.get(userId);
    if (inFlight) return inFlight;
    const startedAt = epoch;
    const promise = lookup(userId)
      .then((active) => {
        if (epoch === startedAt) store(userId, active);
        return active;
      })
      .finally(() => {
        if (pending.get(userId) === promise) pending.delete(userId);
      });
    pending.set(userId, promise);
    return promise;
  }

  return {
    isActive,
    forget(userId) {
      epoch += 1;
      entries.delete(userId);
      pending.delete(userId);
    },
    get size() {
      return entries.size;
    },
  };
}
