import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureUser, seedForum } from '../scripts/lib/seed.js';
import { startStack } from '../scripts/lib/stack.js';

/** Variables handed to the tests (workers inherit the environment of this process). */
export interface E2EEnv {
  E2E_BASE_URL: string;
  E2E_REMOTES_DIR: string;
  E2E_TOKEN: string;
  E2E_REFRESH_TOKEN: string;
  E2E_POST_TITLES: string;
  /** The stack's database and its names' prefix: specs that stand in for the clock (elections). */
  E2E_MONGO_URL?: string;
  E2E_DB_PREFIX?: string;
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.E2E_BASE_URL) {
    // An already running stack (e.g. `npm start`); remotes dir must then be given too.
    process.env.E2E_REMOTES_DIR ??= path.resolve(import.meta.dirname, '..', '.data', 'remotes');
    await seed(process.env.E2E_BASE_URL);
    return async () => {};
  }

  const dataDir = mkdtempSync(path.join(tmpdir(), 'forum-e2e-'));
  const logFile = path.join(dataDir, 'stack.log');
  const verbose = process.env.E2E_STACK_LOG === '1';
  const dbPrefix = `e2e_${Date.now().toString(36)}_`;
  const write = (line: string) => {
    appendFileSync(logFile, `${line}\n`);
    if (verbose) process.stdout.write(`${line}\n`);
  };
  console.log(`[e2e] starting the stack in ${dataDir} (logs: ${logFile})`);
  const stack = await startStack({
    dataDir,
    ports: 'random',
    // `npm test` builds first; E2E_BUILD=stale rebuilds what changed when run on its own.
    build: process.env.E2E_BUILD === 'stale' ? 'stale' : 'missing',
    write,
    readyTimeoutMs: 90_000,
    // MONGO_URL=mongodb://... npm test runs against a real MongoDB: own databases per run there.
    dbPrefix,
    // The suite registers and signs in hundreds of users: bcrypt's lowest cost keeps that from
    // taking minutes of CPU. Production hashes with 12 rounds (svc-identity's default, tested there).
    extraEnv: {
      AUTH_RATE_LIMIT: '100000',
      BCRYPT_ROUNDS: '4',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    logLevel: process.env.LOG_LEVEL ?? 'warn',
    onCrash: (error) => console.error(`[e2e] ${error.message}`),
  });
  console.log(`[e2e] stack up at ${stack.gatewayUrl}`);
  process.env.E2E_BASE_URL = stack.gatewayUrl;
  process.env.E2E_REMOTES_DIR = stack.remotesDir;
  process.env.E2E_MONGO_URL = stack.mongoUrl;
  process.env.E2E_DB_PREFIX = dbPrefix;
  await seed(stack.gatewayUrl);
  return async () => {
    await stack.stop();
    if (process.env.E2E_KEEP_DATA !== '1') rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * Seeds through the API. A failure does not abort the run: the tests that need the data fail with
 * its message (E2E_SEED_ERROR) and the others still say whether the shell and remotes work.
 */
async function seed(baseUrl: string): Promise<void> {
  try {
    await seedOrThrow(baseUrl);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[e2e] seeding failed: ${message}`);
    process.env.E2E_SEED_ERROR = message;
  }
}

async function seedOrThrow(baseUrl: string): Promise<void> {
  const run = Date.now().toString(36);
  // ADMIN_USERNAME defaults to `admin`: the same user can open /admin.
  const user = await ensureUser(baseUrl, 'admin');
  process.env.E2E_TOKEN = user.token;
  process.env.E2E_REFRESH_TOKEN = user.refreshToken;
  process.env.E2E_ADMIN_PASSWORD = user.password;
  const seeded = await seedForum(baseUrl, {
    user,
    communityName: `e2e_${run}`,
    posts: 2,
    title: (i) => `E2E post ${i + 1} ${run}`,
  });
  process.env.E2E_POST_TITLES = JSON.stringify(seeded.posts.map((p) => p.title));
}
