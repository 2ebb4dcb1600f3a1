import { SignJWT, importPKCS8, type CryptoKey, type KeyObject } from 'jose';
import { JWT_ALG } from './auth.js';
import type { AuthUser } from './http/koa-types.js';

/**
 * The access-token format every service verifies: sub = user id, plus username and is_admin.
 * Identity mints them; the testing subpath uses the same function so tests exercise real tokens.
 */
export async function signAccessToken(
  privateKey: string | CryptoKey | KeyObject,
  user: AuthUser,
  {
    expiresIn = '15m',
    kid,
    issuer,
  }: { expiresIn?: string | number; kid?: string; issuer?: string } = {},
): Promise<string> {
  const key = typeof privateKey === 'string' ? await importPKCS8(privateKey, JWT_ALG) : privateKey;
  let jwt = new SignJWT({ username: user.username, is_admin: user.isAdmin })
    .setProtectedHeader({ alg: JWT_ALG, typ: 'JWT', ...(kid ? { kid } : {}) })
    .setSubject(user.id)
    .setIssuedAt()
    .setExpirationTime(expiresIn);
  if (issuer) jwt = jwt.setIssuer(issuer);
  return jwt.sign(key);
}
