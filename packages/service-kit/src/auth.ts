import type { Middleware } from 'koa';
import {
  createRemoteJWKSet,
  importSPKI,
  jwtVerify,
  type CryptoKey,
  type JWTPayload,
  type JWTVerifyGetKey,
  type KeyObject,
} from 'jose';
import { HttpError } from './errors.js';
import type { AuthUser } from './http/koa-types.js';

export const JWT_ALG = 'ES256';

export type AuthOptions =
  | { jwksUrl: string; issuer?: string; audience?: string }
  | { publicKey: string | CryptoKey | KeyObject; issuer?: string; audience?: string };

export interface Auth {
  /** Sets ctx.state.user when a valid token is present; rejects a bad one, allows none. */
  optionalAuth: Middleware;
  /** 401 unless a valid token is present. */
  requireAuth: Middleware;
  /** Verify a raw token; throws HttpError(401). */
  verify(token: string): Promise<AuthUser>;
}

export const AUTH_REQUIRED = 'Authentication required';
export const INVALID_TOKEN = 'Invalid or expired token';

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

export function createAuth(options: AuthOptions): Auth {
  // createRemoteJWKSet caches keys and refetches on an unknown kid (with a cooldown).
  let keyPromise: Promise<CryptoKey | KeyObject | JWTVerifyGetKey>;
  if ('jwksUrl' in options) {
    keyPromise = Promise.resolve(
      createRemoteJWKSet(new URL(options.jwksUrl), {
        cacheMaxAge: 10 * 60_000,
        cooldownDuration: 30_000,
      }),
    );
  } else if (typeof options.publicKey === 'string') {
    keyPromise = importSPKI(options.publicKey, JWT_ALG);
  } else {
    keyPromise = Promise.resolve(options.publicKey);
  }

  async function verify(token: string): Promise<AuthUser> {
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
    } catch {
      throw new HttpError(401, INVALID_TOKEN);
    }
    if (typeof payload.sub !== 'string' || typeof payload.username !== 'string') {
      throw new HttpError(401, INVALID_TOKEN);
    }
    return { id: payload.sub, username: payload.username, isAdmin: payload.is_admin === true };
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
