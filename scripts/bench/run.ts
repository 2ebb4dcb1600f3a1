/**
 * `npm run bench`: starts the stack on free ports with a temporary data dir (as `npm start` does),
 * seeds posts, runs each load scenario with autocannon and prints a table.
 * Scenarios live in scripts/bench/scenarios/ (one file per area; register them in index.ts).
 */
import autocannon from 'autocannon';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seedForum } from '../lib/seed.js';
import { startStack, type Stack } from '../lib/stack.js';
import { USAGE, parseBenchArgs, type BenchOptions } from './options.js';
import {
  compare,
  formatComparison,
  formatTable,
  percentile,
  type ScenarioResult,
} from './report.js';
import type { BenchContext, Scenario } from './scenario.js';
import { allComparisons, allScenarios } from './scenarios/index.js';

async function runScenario(
  scenario: Scenario,
  ctx: BenchContext,
  options: BenchOptions,
): Promise<ScenarioResult> {
  await scenario.prepare?.(ctx);
  const req = scenario.request(ctx);
  // Warm up (JIT, connection pools, caches) so the measured run is steady state.
  await autocannon({ ...req, connections: options.connections, duration: 1 });
  const times: number[] = [];
  const instance = autocannon({
    ...req,
    connections: options.connections,
    duration: options.duration,
    timeout: 10,
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await instance;
  const sorted = Float64Array.from(times).sort();
  return {
    name: scenario.name,
    requestsPerSecond: result.requests.average,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

async function main(): Promise<void> {
  const options = parseBenchArgs(process.argv.slice(2));
  if (options.help) {
    console.log(USAGE);
    console.log('\nscenarios:');
    for (const s of allScenarios) console.log(`  ${s.name.padEnd(28)} ${s.description}`);
    return;
  }
  const selected = options.only
    ? allScenarios.filter((s) => options.only!.includes(s.name))
    : allScenarios;
  const unknown = (options.only ?? []).filter((n) => !allScenarios.some((s) => s.name === n));
  if (unknown.length) throw new Error(`unknown scenario(s): ${unknown.join(', ')}`);

  let stack: Stack | undefined;
  let dataDir: string | undefined;
  const cleanup = async () => {
    await stack?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));
  process.once('SIGTERM', () => void cleanup().then(() => process.exit(143)));

  try {
    let ctx: BenchContext;
    if (options.url) {
      const forumUrl = options.forumUrl ?? 'http://127.0.0.1:4002';
      ctx = {
        gatewayUrl: options.url.replace(/\/$/, ''),
        serviceUrl: (name) =>
          name === 'forum' ? forumUrl : `http://127.0.0.1:${name === 'identity' ? 4001 : 4003}`,
      };
    } else {
      dataDir = mkdtempSync(path.join(tmpdir(), 'forum-bench-'));
      const logFile = path.join(dataDir, 'stack.log');
      console.log(`Starting the stack (logs: ${logFile})…`);
      stack = await startStack({
        dataDir,
        ports: 'random',
        build: 'stale',
        // With MONGO_URL set (a real MongoDB), the run gets databases of its own.
        dbPrefix: `bench_${Date.now().toString(36)}_`,
        write: (line) => appendFileSync(logFile, `${line}\n`),
        logLevel: 'warn',
        extraEnv: { AUTH_RATE_LIMIT: '1000000', LOG_LEVEL: 'warn' },
        onCrash: (error) => {
          console.error(error.message);
          void cleanup().then(() => process.exit(1));
        },
      });
      const s = stack;
      ctx = { gatewayUrl: s.gatewayUrl, serviceUrl: (name) => s.serviceUrl(name) };
    }
    if (selected.some((s) => s.needsSeed) && options.posts > 0) {
      const started = Date.now();
      ctx.seed = await seedForum(ctx.gatewayUrl, {
        username: `bench${Date.now().toString(36)}`,
        posts: options.posts,
        title: (i) => `Benchmark post number ${i + 1}`,
        concurrency: 10,
      });
      console.log(
        `Seeded ${options.posts} posts in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }

    const results: ScenarioResult[] = [];
    for (const scenario of selected) {
      process.stdout.write(
        `Running ${scenario.name} (${options.connections} connections, ${options.duration} s)… `,
      );
      const result = await runScenario(scenario, ctx, options);
      results.push(result);
      console.log(`${result.requestsPerSecond.toFixed(0)} req/s`);
    }

    console.log(`\n${formatTable(results)}\n`);
    const byName = new Map(results.map((r) => [r.name, r]));
    const comparisons = [];
    for (const c of allComparisons) {
      const baseline = byName.get(c.baseline);
      const subject = byName.get(c.subject);
      if (!baseline || !subject) continue;
      const cmp = compare(c.label, baseline, subject);
      comparisons.push(cmp);
      console.log(formatComparison(cmp, c.baseline, c.subject));
    }
    if (options.json) {
      writeFileSync(
        options.json,
        `${JSON.stringify({ options, results, comparisons }, null, 2)}\n`,
      );
    }
    const failed = results.filter((r) => r.errors > 0 || r.non2xx > 0);
    if (failed.length) {
      console.log(
        `\nScenarios with errors or non-2xx answers: ${failed.map((r) => r.name).join(', ')}`,
      );
      process.exitCode = 1;
    }
  } finally {
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
