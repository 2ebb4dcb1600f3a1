/**
 * `npm run bench -- --only search`: a fresh embedded database filled directly with 10,000 posts
 * and 50,000 comments (seed-search.ts), the stack started on it, then each search call measured
 * at 10 connections: words from the common to the rare, two words, a phrase, the community
 * filter, comments, and the name-prefix searches. Everything is stopped and deleted at the end.
 */
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startStack, type Stack } from '../../lib/stack.js';
import type { ScenarioResult } from '../report.js';
import type { BenchContext, Scenario } from '../scenario.js';
import { startDevDb, type RunningDevDb } from '../scale/devdb.js';
import { seedSearch, type SearchSeedSize } from './seed-search.js';

export const SEARCH_SIZE: SearchSeedSize = { posts: 10_000, comments: 50_000 };
export const SEARCH_CONNECTIONS = 10;
/** The bar for every search call at 10 connections on the embedded default. */
export const SEARCH_P99_TARGET_MS = 50;

/** Each call: what it searches and the query string (the words' share of posts in brackets). */
export const SEARCH_CALLS = (community: string): { name: string; path: string }[] => [
  { name: 'posts: a rare word', path: '/api/search/posts?q=telescope' },
  { name: 'posts: a common word (~40%)', path: '/api/search/posts?q=database' },
  { name: 'posts: two words', path: '/api/search/posts?q=database%20keyboard' },
  { name: 'posts: a phrase, newest', path: '/api/search/posts?q=%22running%20server%22&sort=new' },
  {
    name: 'posts: word, in c/{name}, top',
    path: `/api/search/posts?q=garden&sort=top&community=${community}`,
  },
  { name: 'comments: a word', path: '/api/search/comments?q=guitar' },
  { name: 'communities: name prefix', path: '/api/search/communities?q=sea' },
  { name: 'users: name prefix', path: '/api/search/users?q=adm' },
];

export type MeasureSearch = (scenario: Scenario, ctx: BenchContext) => Promise<ScenarioResult>;

export async function runSearchBench(
  measure: MeasureSearch,
  log: (line: string) => void,
): Promise<ScenarioResult[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'forum-bench-search-'));
  const logFile = path.join(dataDir, 'stack.log');
  const write = (line: string) => appendFileSync(logFile, `${line}\n`);
  let db: RunningDevDb | undefined;
  let stack: Stack | undefined;
  try {
    log(
      `Seeding ${SEARCH_SIZE.posts} posts and ${SEARCH_SIZE.comments} comments (logs: ${logFile})…`,
    );
    db = await startDevDb(dataDir, write);
    const started = Date.now();
    const { communityName } = await seedSearch(db.url, 'forum', SEARCH_SIZE);
    log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s; starting the stack…`);
    stack = await startStack({
      dataDir,
      ports: 'random',
      build: 'stale',
      env: { ...process.env, MONGO_URL: db.url },
      write,
      logLevel: 'warn',
      extraEnv: { LOG_LEVEL: 'warn' },
    });
    const s = stack;
    const ctx: BenchContext = { gatewayUrl: s.gatewayUrl, serviceUrl: (n) => s.serviceUrl(n) };
    const results: ScenarioResult[] = [];
    for (const call of SEARCH_CALLS(communityName)) {
      const scenario: Scenario = {
        name: call.name,
        description: call.path,
        request: () => ({ url: `${ctx.gatewayUrl}${call.path}` }),
      };
      const result = await measure(scenario, ctx);
      log(
        `  ${call.name}: ${result.requestsPerSecond.toFixed(0)} req/s, p99 ${result.p99.toFixed(1)} ms`,
      );
      results.push(result);
    }
    return results;
  } finally {
    await stack?.stop();
    await db?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
