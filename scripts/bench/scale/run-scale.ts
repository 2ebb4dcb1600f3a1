/**
 * `npm run bench -- --scale`: for each size, a fresh embedded database filled directly
 * (seed-db.ts), then a stack started on it and a reader registered and joined through the API;
 * then each endpoint measured with autocannon at every size side by side, and each database's
 * resident memory read. Everything is stopped and deleted at the end.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiClient } from '../../lib/api-client.js';
import { ensureUser } from '../../lib/seed.js';
import { startStack, type Stack } from '../../lib/stack.js';
import { parseProcStatus } from '../memory.js';
import type { ScenarioResult } from '../report.js';
import type { BenchContext, BenchRequest, Scenario } from '../scenario.js';
import { startDevDb, type RunningDevDb } from './devdb.js';
import { PAGE, SCALE_ENDPOINTS, deepOffset, type ScaleTarget } from './endpoints.js';
import { combineRounds } from '../gateway/compare.js';
import {
  describeSize,
  type DevDbMemory,
  type ScaleRow,
  type ScaleSize,
  type SizeRun,
} from './judge.js';
import { seedScale } from './seed-db.js';

/**
 * Measures one scenario for `seconds` (run.ts's autocannon runner: a warm-up, then the timed
 * run), pushing each response time (ms) to `times`.
 */
export type Measure = (
  scenario: Scenario,
  ctx: BenchContext,
  seconds: number,
  times: number[],
) => Promise<ScenarioResult>;

export interface ScaleHooks {
  measure: Measure;
  /** Loads the stack with `request` for `seconds`, measuring nothing (the warm-up pass). */
  warm: (request: BenchRequest, seconds: number) => Promise<void>;
  log: (line: string) => void;
  /** Set by the caller's signal handler: stop after the current step. */
  interrupted?: () => boolean;
}

/** Seconds of load per endpoint and size before anything is measured. */
const WARM_SECONDS = 1;

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

/** How many comments (replies nested at any depth included) the thread's first best page carries. */
async function threadPageComments(gatewayUrl: string, postId: string, token: string) {
  type Thread = { replies?: Thread[] };
  const res = await apiClient(gatewayUrl)<{ comments?: Thread[] }>(
    'GET',
    `/comments/post/${postId}?sortBy=best&limit=50&offset=0`,
    { token },
  );
  if (res.status !== 200 || !res.json.comments) {
    throw new Error(`the thread post's comment page answered ${res.status}`);
  }
  const count = (threads: Thread[]): number =>
    threads.reduce((n, t) => n + 1 + count(t.replies ?? []), 0);
  return count(res.json.comments);
}

/** One size, seeded and up: its database, its stack, the reader and what it reads. */
interface ReadySize {
  size: ScaleSize;
  db: RunningDevDb;
  target: ScaleTarget;
  ctx: BenchContext;
  seedSeconds: number;
}

/** Fills a fresh database with the size's documents, then starts the stack on it. */
async function prepareSize(
  size: ScaleSize,
  first: boolean,
  hooks: ScaleHooks,
  state: SizeState,
): Promise<ReadySize> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'forum-bench-scale-'));
  state.dataDir = dataDir;
  const logFile = path.join(dataDir, 'stack.log');
  const write = (line: string) => appendFileSync(logFile, `${line}\n`);
  hooks.log(`${describeSize(size)} (logs: ${logFile})`);

  const db = await startDevDb(dataDir, write);
  state.db = db;
  const seedStarted = Date.now();
  const seeded = await seedScale(db.url, 'forum', size);
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  hooks.log(`  seeded the database directly in ${seedSeconds.toFixed(1)} s; starting the stack…`);

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
  const token = await signedInMember(stack.gatewayUrl, seeded.communityId);
  const target: ScaleTarget = {
    gatewayUrl: stack.gatewayUrl,
    communityId: seeded.communityId,
    threadPostId: seeded.threadPostId,
    token,
    posts: size.posts,
    threadPageComments: await threadPageComments(stack.gatewayUrl, seeded.threadPostId, token),
  };
  await checkSeeded(target, hooks.log);
  const ctx: BenchContext = {
    gatewayUrl: stack.gatewayUrl,
    serviceUrl: (name) => stack.serviceUrl(name),
  };
  return { size, db, target, ctx, seedSeconds };
}

/** What the run started, size by size (for stopScale). */
let started: SizeState[] = [];

/** Stops every stack and database the run started and deletes their data (e.g. on Ctrl-C). */
export async function stopScale(): Promise<void> {
  const states = started;
  started = [];
  for (const state of states) {
    await state.stack?.stop();
    await state.db?.stop();
    if (state.dataDir) rmSync(state.dataDir, { recursive: true, force: true });
  }
}

/**
 * The order of the sizes in a round: smallest first, then largest first, and so on, so no size
 * always runs right after another warmed the machine or right before a load spike.
 */
export function sizeOrder(round: number, count: number): number[] {
  const ascending = Array.from({ length: count }, (_, i) => i);
  return round % 2 === 0 ? ascending : ascending.reverse();
}

/**
 * Prepares every size (one database and one stack each, all up at once), then measures each
 * endpoint at every size side by side, in rounds of alternating order: on a shared machine the
 * load of the moment weighs on all sizes alike. Stops and deletes everything at the end.
 */
export async function runScale(
  sizes: ScaleSize[],
  hooks: ScaleHooks,
  { seconds, rounds }: { seconds: number; rounds: number },
): Promise<SizeRun[]> {
  const ready: ReadySize[] = [];
  try {
    for (const [i, size] of sizes.entries()) {
      if (hooks.interrupted?.()) return [];
      const state: SizeState = {};
      started.push(state);
      ready.push(await prepareSize(size, i === 0, hooks, state));
    }
    // A stack just started answers its first minutes slower (JIT, pools, caches of every
    // layer): without this pass the first endpoint measured paid for it (new at 146 req/s
    // measured first, 212 measured second, in one run).
    for (const endpoint of SCALE_ENDPOINTS) {
      for (const { target } of ready) {
        if (hooks.interrupted?.()) return [];
        await hooks.warm(endpoint.request(target), WARM_SECONDS);
      }
    }
    const perRound = seconds / rounds;
    const rows = ready.map((): ScaleRow[] => []);
    for (const endpoint of SCALE_ENDPOINTS) {
      const results = ready.map((): ScenarioResult[] => []);
      const times = ready.map((): number[] => []);
      for (let round = 0; round < rounds; round++) {
        for (const k of sizeOrder(round, ready.length)) {
          if (hooks.interrupted?.()) return [];
          const { size, target, ctx } = ready[k]!;
          const scenario = {
            name: endpoint.key,
            description: endpoint.label(size, target),
            request: () => endpoint.request(target),
          };
          results[k]!.push(await hooks.measure(scenario, ctx, perRound, times[k]!));
        }
      }
      const combined = ready.map((r, k) => {
        const row = {
          key: endpoint.key,
          label: endpoint.label(r.size, r.target),
          result: combineRounds(endpoint.key, results[k]!, times[k]!),
        };
        rows[k]!.push(row);
        return `${r.size.posts}: ${row.result.requestsPerSecond.toFixed(0)} req/s`;
      });
      hooks.log(`  ${endpoint.key}: ${combined.join(', ')}`);
    }
    return ready.map((r, k) => {
      const memory = readMemory(r.db.pid);
      return {
        size: r.size,
        rows: rows[k]!,
        ...(memory ? { memory } : {}),
        seedSeconds: r.seedSeconds,
      };
    });
  } finally {
    await stopScale();
  }
}
