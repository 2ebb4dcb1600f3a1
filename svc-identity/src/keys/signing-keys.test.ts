import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, signAccessToken, createAuth } from '@forum/service-kit';
import { createTestKeys } from '@forum/service-kit/testing';
import { loadSigningKeys } from './signing-keys.js';

const logger = createLogger({ name: 't', level: 'silent' });
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});
const tempDir = async () => {
  const d = await mkdtemp(join(tmpdir(), 'identity-keys-'));
  dirs.push(d);
  return join(d, 'nested');
};

describe('loadSigningKeys', () => {
  it('generates a pair on first start and reuses it afterwards', async () => {
    const dataDir = await tempDir();
    const first = await loadSigningKeys({ dataDir }, logger);
    const second = await loadSigningKeys({ dataDir }, logger);
    expect(second.kid).toBe(first.kid);
    expect(first.publicJwk).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(first.publicJwk).not.toHaveProperty('d');
    const mode = (await stat(join(dataDir, 'jwt-es256-private.pem'))).mode & 0o777;
    expect(mode).toBe(0o600);
  });

  it('uses PEMs from the environment when given', async () => {
    const test = await createTestKeys();
    const keys = await loadSigningKeys(
      { privatePem: test.privatePem, publicPem: test.publicPem, dataDir: '/nonexistent' },
      logger,
    );
    const token = await signAccessToken(keys.privateKey, {
      id: '64b7f0c2a1b2c3d4e5f60718',
      username: 'a',
      isAdmin: false,
    });
    const user = await createAuth({ publicKey: test.publicPem }).verify(token);
    expect(user.username).toBe('a');
  });
});
