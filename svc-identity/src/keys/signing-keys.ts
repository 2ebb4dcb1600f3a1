import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  calculateJwkThumbprint,
  exportJWK,
  exportPKCS8,
  exportSPKI,
  generateKeyPair,
  importPKCS8,
  importSPKI,
  type CryptoKey,
} from 'jose';
import type { Jwk } from '@forum/contracts';
import { JWT_ALG, type Logger } from '@forum/service-kit';

export interface SigningKeys {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** Key id (JWK thumbprint): lets verifiers pick the key and notice a rotation. */
  kid: string;
  /** The public key as published at /.well-known/jwks.json. */
  publicJwk: Jwk;
}

const PRIVATE_FILE = 'jwt-es256-private.pem';
const PUBLIC_FILE = 'jwt-es256-public.pem';

async function fromPem(privatePem: string, publicPem: string): Promise<SigningKeys> {
  const privateKey = await importPKCS8(privatePem, JWT_ALG);
  const publicKey = await importSPKI(publicPem, JWT_ALG, { extractable: true });
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  return {
    privateKey,
    publicKey,
    kid,
    publicJwk: { ...jwk, kty: jwk.kty ?? 'EC', kid, alg: JWT_ALG, use: 'sig' },
  };
}

/**
 * Production passes the key pair in the environment. Local runs get a pair generated on first
 * start and kept under DATA_DIR, so tokens survive restarts without any set-up.
 */
export async function loadSigningKeys(
  { privatePem, publicPem, dataDir }: { privatePem?: string; publicPem?: string; dataDir: string },
  logger: Logger,
): Promise<SigningKeys> {
  if (privatePem && publicPem) return fromPem(privatePem, publicPem);
  const privatePath = join(dataDir, PRIVATE_FILE);
  const publicPath = join(dataDir, PUBLIC_FILE);
  try {
    const [priv, pub] = await Promise.all([
      readFile(privatePath, 'utf8'),
      readFile(publicPath, 'utf8'),
    ]);
    return await fromPem(priv, pub);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const pair = await generateKeyPair(JWT_ALG, { extractable: true });
  const [priv, pub] = await Promise.all([exportPKCS8(pair.privateKey), exportSPKI(pair.publicKey)]);
  await mkdir(dataDir, { recursive: true });
  await writeFile(privatePath, priv, { mode: 0o600 });
  await chmod(privatePath, 0o600);
  await writeFile(publicPath, pub);
  logger.warn(
    { dir: dataDir },
    'generated a new JWT signing key pair (set JWT_PRIVATE_KEY/JWT_PUBLIC_KEY in production)',
  );
  return fromPem(priv, pub);
}
