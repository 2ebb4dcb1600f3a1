/**
 * `npm run bench -- --scale`: for each size, a fresh embedded database filled directly
 * (seed-db.ts), then the stack started on it, a reader registered and joined through the API,
 * each endpoint measured with autocannon, and the database's resident memory read. Everything
 * of a size is stopped and deleted before the next one starts.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiClient } from '../../lib/api-client.js';
import { ensureUser } from '../../lib/seed.js';
import { startStack, type Stack } from '../../lib/stack.js';
import { parseProcStatus } from '../memory.js';
import type { ScenarioResult } from '../report.js';
import type { BenchContext, Scenario } from '../scenario.js';
import { startDevDb, type RunningDevDb } from './devdb.js';
import { PAGE, SCALE_ENDPOINTS, deepOffset, type ScaleTarget } from './endpoints.js';
import { describeSize, type DevDbMemory, type ScaleSize, type SizeRun } from './judge.js';
import { seedScale } from './seed-db.js';

/** Measures one scenario (run.ts's autocannon runner: warm-up, then the timed run). */
export type Measure = (scenario: Scenario, ctx: BenchContext) => Promise<ScenarioResult>;

export interface ScaleHooks {
  measure: Measure;
  log: (line: string) => void;
  /** Called with each size's run as soon as it is measured (to print its table). */
  onSize: (run: SizeRun) => void;
  /** Set by the caller's signal handler: stop after the current step. */
  interrupted?: () => boolean;
}

/** What one size started, to stop and delete. */
type SizeState = { db?: RunningDevDb; stack?: Stack; dataDir?: string };

function readMemory(pid: number): DevDbMemory | undefined {
  try {
    const status = parseProcStatus(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return status && { rssMb: status.rssKb / 1024, peakMb: status.hwmKb / 1024 };
  } catch {
    return undefined;
  }
}

/** The reader: registered through the API and a member of the community (its feed). */
async function signedInMember(gatewayUrl: string, communityId: string): Promise<string> {
  const reader = await ensureUser(gatewayUrl, `scalereader${Date.now().toString(36)}`);
  const api = apiClient(gatewayUrl);
  // svc-forum learns of a new user through an event: the first join may come before it.
  for (let attempt = 1; ; attempt++) {
    const joined = await api('POST', `/communities/${communityId}/join`, { token: reader.token });
    if (joined.status >= 200 && joined.status < 300) return reader.token;
    if (attempt === 40) {
      throw new Error(
        `POST /api/communities/${communityId}/join answered ${joined.status}: ` +
          JSON.stringify(joined.json).slice(0, 300),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The deep page must hold a full page, and the list's total the seeded count: else the figures
 * would measure an empty page (or the services see other data than was written).
 */
async function checkSeeded(target: ScaleTarget, log: (line: string) => void): Promise<void> {
  const offset = deepOffset(target.posts);
  const res = await apiClient(target.gatewayUrl)<{
    posts?: unknown[];
    pagination?: { total?: number };
  }>('GET', `/posts?community_id=${target.communityId}&sort=new&limit=${PAGE}&offset=${offset}`);
  const got = res.json.posts?.length;
  if (res.status !== 200 || got !== PAGE) {
    throw new Error(
      `GET /api/posts?community_id=…&offset=${offset} answered ${res.status} with ${got} ` +
        `posts; the seeded community should fill that page`,
    );
  }
  const total = res.json.pagination?.total;
  if (total !== target.posts) {
    log(`note: the community page's pagination.total is ${total}, ${target.posts} posts seeded`);
  }
}

async function runSize(
  size: ScaleSize,
  first: boolean,
  hooks: ScaleHooks,
  state: SizeState,
): Promise<SizeRun> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'forum-bench-scale-'));
  state.dataDir = dataDir;
  const logFile = path.join(dataDir, 'stack.log');
  const write = (line: string) => appendFileSync(logFile, `${line}\n`);
  hooks.log(`\n== ${describeSize(size)} (logs: ${logFile})`);

  const db = await startDevDb(dataDir, write);
  state.db = db;
  const seedStarted = Date.now();
  const seeded = await seedScale(db.url, 'forum', size);
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  hooks.log(`Seeded the database directly in ${seedSeconds.toFixed(1)} s; starting the stack…`);

  const stack = await startStack({
    dataDir,
    ports: 'random',
    // The services run from their builds: bring them up to date once, not at every size.
    build: first ? 'stale' : 'none',
    // The database filled above (the stack starts none of its own).
    env: { ...process.env, MONGO_URL: db.url },
    write,
    logLevel: 'warn',
    extraEnv: { AUTH_RATE_LIMIT: '1000000', LOG_LEVEL: 'warn', ACCESS_TOKEN_TTL: '12h' },
    onCrash: (error) => {
      hooks.log(error.message);
      process.exitCode = 1;
    },
  });
  state.stack = stack;
  const target: ScaleTarget = {
    gatewayUrl: stack.gatewayUrl,
    communityId: seeded.communityId,
    threadPostId: seeded.threadPostId,
    token: await signedInMember(stack.gatewayUrl, seeded.communityId),
    posts: size.posts,
  };
  await checkSeeded(target, hooks.log);
  const ctx: BenchContext = {
    gatewayUrl: stack.gatewayUrl,
    serviceUrl: (name) => stack.serviceUrl(name),
  };

  const rows = [];
  for (const endpoint of SCALE_ENDPOINTS) {
    if (hooks.interrupted?.()) break;
    const label = endpoint.label(size);
    const result = await hooks.measure(
      { name: endpoint.key, description: label, request: () => endpoint.request(target) },
      ctx,
    );
    hooks.log(
      `  ${label}: ${result.requestsPerSecond.toFixed(0)} req/s, p99 ${result.p99.toFixed(1)} ms`,
    );
    rows.push({ key: endpoint.key, label, result });
  }
  const memory = readMemory(db.pid);
  return { size, rows, ...(memory ? { memory } : {}), seedSeconds };
}

/** What the size being measured started (for stopScale). */
let current: SizeState | undefined;

/** Stops the stack and database of the current size and deletes its data (e.g. on Ctrl-C). */
export async function stopScale(): Promise<void> {
  const state = current;
  current = undefined;
  if (!state) return;
  await state.stack?.stop();
  await state.db?.stop();
  if (state.dataDir) rmSync(state.dataDir, { recursive: true, force: true });
}

/** Runs every size in turn; stops and deletes what it started even when a size fails. */
export async function runScale(sizes: ScaleSize[], hooks: ScaleHooks): Promise<SizeRun[]> {
  const runs: SizeRun[] = [];
  for (const [i, size] of sizes.entries()) {
    if (hooks.interrupted?.()) break;
    current = {};
    try {
      const run = await runSize(size, i === 0, hooks, current);
      runs.push(run);
      hooks.onSize(run);
    } finally {
      await stopScale();
    }
  }
  return runs;
}
