import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { connectNats } from '@forum/service-kit';
import {
  captureLogs,
  startDevDb,
  startNats,
  waitFor,
  type TestDevDb,
  type TestNats,
} from '@forum/service-kit/testing';
import type { NatsConnection } from 'nats';
import { loadIdentityConfig } from '../config.js';
import { startIdentityService, type RunningIdentity } from '../server.js';
import type { StoredMail } from '../mail/mailer.js';
import { ApiClient } from './api-client.js';

export const PASSWORD = 'Passw0rdOK';

export interface TestUser {
  id: string;
  username: string;
  email: string;
  password: string;
  token: string;
  refreshToken: string;
}

export interface IdentityHarness {
  service: RunningIdentity;
  api: ApiClient;
  nats: TestNats;
  devdb: TestDevDb;
  mailDir: string;
  /** A controllable clock (ms offset added to the real time). */
  clock: { offsetMs: number };
  producer: () => Promise<NatsConnection>;
  register(
    prefix?: string,
    extra?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<TestUser>;
  readMails(): Promise<StoredMail[]>;
  /** Stops the service, runs `between` (e.g. to shape the database), starts it again. */
  restart(between?: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

export const uniqueName = (prefix = 'u') => `${prefix}${randomBytes(4).toString('hex')}`;

/** The whole service as main.ts starts it, on a random port, with its own database and NATS. */
export async function startHarness(env: Record<string, string> = {}): Promise<IdentityHarness> {
  const { logger } = captureLogs('svc-identity-test', 'warn');
  const [devdb, nats] = await Promise.all([startDevDb(), startNats()]);
  const dataDir = await mkdtemp(join(tmpdir(), 'identity-data-'));
  const mailDir = join(dataDir, 'mail');
  const clock = { offsetMs: 0 };
  const config = loadIdentityConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    MONGO_URL: devdb.uri,
    MONGO_DB: devdb.dbName('identity'),
    NATS_URL: nats.url,
    DATA_DIR: dataDir,
    MAIL_DIR: mailDir,
    BCRYPT_ROUNDS: '4',
    AUTH_RATE_LIMIT: '10000',
    PUBLIC_URL: 'http://forum.test',
    ...env,
  });
  const launch = () =>
    startIdentityService(config, {
      handleSignals: false,
      logger,
      now: () => new Date(Date.now() + clock.offsetMs),
    });
  const service = await launch();
  const connections: NatsConnection[] = [];

  const register: IdentityHarness['register'] = async (prefix = 'u', extra = {}, headers) => {
    const username = uniqueName(prefix);
    const email = `${username}@example.test`;
    const res = await h.api.post(
      '/api/auth/register',
      { username, email, password: PASSWORD, ...extra },
      { headers },
    );
    expect(res.status, res.text).toBe(201);
    return {
      id: res.body.user.id,
      username,
      email,
      password: PASSWORD,
      token: res.body.token,
      refreshToken: res.body.refreshToken,
    };
  };

  const h: IdentityHarness = {
    service,
    api: new ApiClient(service.url),
    nats,
    devdb,
    mailDir,
    clock,
    async producer() {
      const nc = await connectNats(nats.url, logger);
      connections.push(nc);
      return nc;
    },
    register,
    async readMails() {
      const files = await readdir(mailDir).catch(() => [] as string[]);
      const mails = await Promise.all(
        files
          // Not the `.tmp` a mail is written to before its rename (it may be gone by the read).
          .filter((f) => f.endsWith('.json'))
          .sort()
          .map(async (f) => JSON.parse(await readFile(join(mailDir, f), 'utf8')) as StoredMail),
      );
      return mails;
    },
    async restart(between) {
      await h.service.stop();
      await between?.();
      h.service = await launch();
      h.api = new ApiClient(h.service.url);
    },
    async stop() {
      await h.service.stop();
      await Promise.all(connections.map((c) => c.close()));
      await Promise.all([devdb.stop(), nats.stop()]);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return h;
}

export { waitFor };
