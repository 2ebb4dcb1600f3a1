import { exportSPKI, exportPKCS8, generateKeyPair, type CryptoKey } from 'jose';
import { JWT_ALG } from '../auth.js';
import type { AuthUser } from '../http/koa-types.js';
import { signAccessToken } from '../tokens.js';

export interface TestKeys {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  privatePem: string;
  publicPem: string;
  /** Sign an access token as identity would (default expiry 15 min). */
  sign(
    user: Partial<AuthUser> & { id: string },
    opts?: { expiresIn?: string | number; kid?: string },
  ): Promise<string>;
}

export async function createTestKeys(): Promise<TestKeys> {
  const { privateKey, publicKey } = await generateKeyPair(JWT_ALG, { extractable: true });
  return {
    privateKey,
    publicKey,
    privatePem: await exportPKCS8(privateKey),
    publicPem: await exportSPKI(publicKey),
    sign: (user, opts) =>
      signAccessToken(
        privateKey,
        {
          id: user.id,
          username: user.username ?? `user_${user.id}`,
          isAdmin: user.isAdmin ?? false,
        },
        opts,
      ),
  };
}
