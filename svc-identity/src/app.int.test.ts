import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JwksResponse } from '@forum/contracts';
import { createAuth, signAccessToken } from '@forum/service-kit';
import {
  captureLogs,
  startDevDb,
  startNats,
  type TestDevDb,
  type TestNats,
} from '@forum/service-kit/testing';
import { loadIdentityConfig } from './config.js';
import { startIdentityService, type RunningIdentity } from './server.js';
import { createIdentityModels } from './models/index.js';

const { logger } = captureLogs('svc-identity-test', 'warn');
let devdb: TestDevDb;
let nats: TestNats;
let dataDir: string;
let service: RunningIdentity;

beforeAll(async () => {
  [devdb, nats] = await Promise.all([startDevDb(), startNats()]);
  dataDir = await mkdtemp(join(tmpdir(), 'identity-data-'));
  // The whole service as main.ts starts it, on a random port.
  const config = loadIdentityConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    MONGO_URL: devdb.uri,
    MONGO_DB: devdb.dbName('identity'),
    NATS_URL: nats.url,
    DATA_DIR: dataDir,
  });
  service = await startIdentityService(config, { handleSignals: false, logger });
});
afterAll(async () => {
  await service?.stop();
  await Promise.all([devdb?.stop(), nats?.stop()]);
  await rm(dataDir, { recursive: true, force: true });
});

const get = (path: string) => fetch(service.url + path);

describe('svc-identity', () => {
  it('serves health and readiness', async () => {
    expect(await (await get('/health')).json()).toEqual({ status: 'ok', service: 'svc-identity' });
    const ready = await get('/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ checks: { mongo: true, nats: true } });
  });

  it('publishes a JWKS that verifies the tokens it signs', async () => {
    const res = await get('/.well-known/jwks.json');
    expect(res.headers.get('cache-control')).toContain('max-age');
    const jwks = JwksResponse.parse(await res.json());
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty('d');

    const user = { id: '64b7f0c2a1b2c3d4e5f60718', username: 'alice', isAdmin: false };
    const token = await signAccessToken(service.keys.privateKey, user, { kid: service.keys.kid });
    const auth = createAuth({ jwksUrl: `${service.url}/.well-known/jwks.json` });
    expect(await auth.verify(token)).toEqual(user);
  });

  it('counts users for the admin stats', async () => {
    expect(await (await get('/internal/stats')).json()).toEqual({ total_users: 0 });
    const { User } = createIdentityModels(service.conn);
    await User.create({
      username: 'Alice',
      username_lower: 'alice',
      email: 'a@example.com',
      email_lower: 'a@example.com',
      password_hash: 'x',
    });
    expect(await (await get('/internal/stats')).json()).toEqual({ total_users: 1 });
  });
});
