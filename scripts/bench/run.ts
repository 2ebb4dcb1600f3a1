/**
 * `npm run bench`: starts the stack on free ports with a temporary data dir (as `npm start` does),
 * seeds posts, runs each load scenario with autocannon and prints a table; then the mixed
 * workload on the demo data (mixed/), and the memory of every process of the stack (memory.ts).
 * `--soak [minutes]` runs only the mixed workload, for long, and judges memory growth.
 * `--scale` runs only the scale bench (scale/): the reader's pages at 1,000 to 100,000 posts.
 * Scenarios live in scripts/bench/scenarios/ (one file per area; register them in index.ts).
 */
import autocannon from 'autocannon';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { seedForum } from '../lib/seed.js';
import { startStack, type Stack } from '../lib/stack.js';
import { MemorySampler, summarizeMemory, type ProcessMemory } from './memory.js';
import { MIXED_PARTS, type MixedWorld } from './mixed/parts.js';
import { runMixed, type LiveCounts } from './mixed/runner.js';
import { seedMixedWorld } from './mixed/world.js';
import {
  formatMemoryTable,
  formatMixedTable,
  formatSeries,
  formatTrendTable,
  summarizeParts,
  thinSeries,
  type PartResult,
} from './mixed-report.js';
import {
  DEFAULT_CONNECTIONS,
  DEFAULT_MIXED_CONNECTIONS,
  DEFAULT_SCALE_CONNECTIONS,
  GATEWAY,
  SCALE_ROUNDS,
  MIXED,
  SEARCH,
  STREAM,
  USAGE,
  parseBenchArgs,
  type BenchOptions,
} from './options.js';
import {
  compare,
  formatComparison,
  formatTable,
  percentile,
  type ScenarioResult,
} from './report.js';
import type { BenchContext, Scenario } from './scenario.js';
import { allComparisons, allScenarios } from './scenarios/index.js';
import { runGatewayVsNginx } from './gateway/run-gateway.js';
import type { ProxyPair } from './gateway/compare.js';
import { describeSize, failedRows, formatSizeTable, listMisses, TARGET } from './scale/judge.js';
import { runScale, stopScale } from './scale/run-scale.js';
import { SEARCH_CONNECTIONS, SEARCH_P99_TARGET_MS, runSearchBench } from './search/run-search.js';
import { formatStreamResult, runStreamBench, streamBenchFailed } from './stream/run-stream.js';
import { judgeGrowth, seriesRows, type Tally } from './soak.js';
import { fractions } from './weights.js';

const load = () =>
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')}`;

async function runScenario(
  scenario: Scenario,
  ctx: BenchContext,
  options: BenchOptions,
  /** Seconds of the measured run (default --duration); its response times go to `times`. */
  measured: { seconds?: number; times?: number[] } = {},
): Promise<ScenarioResult> {
  await scenario.prepare?.(ctx);
  const req = scenario.request(ctx);
  const connections = options.connections ?? DEFAULT_CONNECTIONS;
  // Warm up (JIT, connection pools, caches) so the measured run is steady state.
  await autocannon({ ...req, connections, duration: 1 });
  const times: number[] = measured.times ?? [];
  const duration = measured.seconds ?? options.duration;
  const instance = autocannon({ ...req, connections, duration, timeout: 10 });
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await instance;
  const sorted = Float64Array.from(times).sort();
  return {
    name: scenario.name,
    requestsPerSecond: result.requests.average,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    // autocannon's `errors` already counts the timeouts.
    errors: result.errors,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

/** Memory of each process over the samples of the given phases (none without a stack). */
function memoryOf(sampler: MemorySampler | undefined, phases: string[]): ProcessMemory[] {
  if (!sampler) return [];
  const samples = sampler.samples.filter((s) => phases.includes(s.phase));
  return summarizeMemory(
    sampler.processes.map((p) => p.name),
    samples,
    sampler.highWaterMarks(),
  );
}

function printMemory(title: string, memory: ProcessMemory[]): void {
  if (memory.length === 0) return;
  console.log(`\n${title} (RSS from /proc/<pid>/status; VmHWM = lifetime peak):\n`);
  console.log(formatMemoryTable(memory));
}

function describeMix(): string {
  const shares = fractions(MIXED_PARTS.map((p) => p.weight));
  return MIXED_PARTS.map((p, i) => `${p.name} ${(shares[i]! * 100).toFixed(0)}%`).join(', ');
}

interface MixedOutcome {
  rows: PartResult[];
  failed: boolean;
}

/** The measured mixed run (after a warm-up), its table and its memory table. */
async function measureMixed(
  world: MixedWorld,
  ctx: BenchContext,
  options: BenchOptions,
  sampler: MemorySampler | undefined,
  seconds: number,
  live?: LiveCounts,
): Promise<MixedOutcome> {
  const connections = options.connections ?? DEFAULT_MIXED_CONNECTIONS;
  const base = {
    gatewayUrl: ctx.gatewayUrl,
    connections,
    ...(options.rate ? { rate: options.rate } : {}),
  };
  console.log(`Mixed workload (share of requests): ${describeMix()}`);
  if (options.warmup > 0) {
    sampler?.mark('warmup');
    await runMixed(world, { ...base, duration: options.warmup, seed: 99 });
  }
  console.log(`Running ${MIXED} (${connections} connections, ${seconds} s; ${load()})…`);
  sampler?.mark(MIXED);
  const run = await runMixed(world, { ...base, duration: seconds }, live);
  sampler?.sample();
  sampler?.mark('after');
  const rows = summarizeParts(run.parts, run.seconds);
  console.log(`\n${formatMixedTable(rows)}\n`);
  console.log(`(${load()} at the end)`);
  const total = rows.find((r) => r.name === 'total')!;
  return { rows, failed: total.errors > 0 || total.non2xx > 0 };
}

/** `--scale`: every size in turn (scale/run-scale.ts), a table per size, then the verdict. */
async function scaleBench(options: BenchOptions): Promise<void> {
  const sizes = options.scale!;
  const connections = options.connections ?? DEFAULT_SCALE_CONNECTIONS;
  let interrupted = false;
  const stop = (code: number) => () => {
    interrupted = true;
    void stopScale().then(() => process.exit(code));
  };
  process.once('SIGINT', stop(130));
  process.once('SIGTERM', stop(143));
  console.log(
    `Scale bench: ${sizes.map((s) => s.posts).join(', ')} posts; ${connections} connections; ` +
      `per endpoint and size ${options.duration} s in ${SCALE_ROUNDS} rounds (sizes in turns, ` +
      `each run after a 1 s warm-up; every endpoint warmed at every size first) (${load()})`,
  );
  const runs = await runScale(
    sizes,
    {
      measure: (scenario, ctx, seconds, times) =>
        runScenario(scenario, ctx, { ...options, connections }, { seconds, times }),
      warm: async (request, seconds) => {
        await autocannon({ ...request, connections, duration: seconds });
      },
      log: (line) => console.log(line),
      interrupted: () => interrupted,
    },
    { seconds: options.duration, rounds: SCALE_ROUNDS },
  );
  for (const run of runs) {
    console.log(`\n${describeSize(run.size)}:\n\n${formatSizeTable(run, runs[0])}`);
  }
  console.log(`\n(${load()} at the end)`);
  const misses = listMisses(runs);
  console.log(
    `\nTarget: each figure within ${TARGET.worse * 100}% of the ${sizes[0]!.posts.toLocaleString('en-US')}-post one, p99 ` +
      `under ${TARGET.p99Ms} ms, no answer but 2xx.`,
  );
  console.log(misses.length ? `Misses:\n  ${misses.join('\n  ')}` : 'Every figure meets it.');
  if (options.json) {
    writeFileSync(options.json, `${JSON.stringify({ options, scale: runs }, null, 2)}\n`);
  }
  const failed = failedRows(runs);
  if (failed.length) {
    console.log(
      `\nAnswers other than 2xx, or none within a run (the run is not clean):\n  ${failed.join('\n  ')}`,
    );
    process.exitCode = 1;
  }
}

/** `--only search`: the search calls on data of their own (search/run-search.ts). */
async function searchBench(options: BenchOptions): Promise<void> {
  const connections = options.connections ?? SEARCH_CONNECTIONS;
  console.log(
    `Search bench: ${connections} connections, ${options.duration} s per call (${load()})`,
  );
  const results = await runSearchBench(
    (scenario, ctx) => runScenario(scenario, ctx, { ...options, connections }),
    (line) => console.log(line),
  );
  console.log(`\n${formatTable(results)}\n\n(${load()} at the end)`);
  const misses = results.filter((r) => !(r.p99 < SEARCH_P99_TARGET_MS)).map((r) => r.name);
  console.log(
    misses.length
      ? `p99 over ${SEARCH_P99_TARGET_MS} ms: ${misses.join('; ')}`
      : `Every call under ${SEARCH_P99_TARGET_MS} ms p99.`,
  );
  if (options.json)
    writeFileSync(options.json, `${JSON.stringify({ options, search: results }, null, 2)}\n`);
  if (results.some((r) => r.non2xx > 0 || r.errors > 0)) process.exitCode = 1;
}

/** `--only stream`: live-update streams (stream/run-stream.ts) on a stack of their own. */
async function streamBench(options: BenchOptions): Promise<void> {
  console.log(`Stream bench (${load()})`);
  const result = await runStreamBench((line) => console.log(line));
  console.log(`\n${formatStreamResult(result)}\n\n(${load()} at the end)`);
  if (options.json)
    writeFileSync(options.json, `${JSON.stringify({ options, stream: result }, null, 2)}\n`);
  if (streamBenchFailed(result)) process.exitCode = 1;
}

async function main(): Promise<void> {
  const options = parseBenchArgs(process.argv.slice(2));
  if (options.help) {
    console.log(USAGE);
    console.log('\nscenarios:');
    for (const s of allScenarios) console.log(`  ${s.name.padEnd(28)} ${s.description}`);
    console.log(`  ${GATEWAY.padEnd(28)} the gateway vs nginx on the same upstream (--only)`);
    console.log(`  ${MIXED.padEnd(28)} all of these parts at once, on the demo data:`);
    for (const p of MIXED_PARTS) {
      console.log(`    ${`${p.name} (${p.kind}, ${p.weight})`.padEnd(34)} ${p.description}`);
    }
    return;
  }
  if (options.scale) return scaleBench(options);
  if (options.only?.includes(SEARCH)) {
    if (options.only.length > 1) throw new Error(`--only ${SEARCH} runs alone`);
    return searchBench(options);
  }
  if (options.only?.includes(STREAM)) {
    if (options.only.length > 1) throw new Error(`--only ${STREAM} runs alone`);
    return streamBench(options);
  }
  const soak = options.soak;
  const names = new Set([...allScenarios.map((s) => s.name), MIXED, GATEWAY, SEARCH, STREAM]);
  const unknown = (options.only ?? []).filter((n) => !names.has(n));
  if (unknown.length) throw new Error(`unknown scenario(s): ${unknown.join(', ')}`);
  const selected = soak
    ? []
    : options.only
      ? allScenarios.filter((s) => options.only!.includes(s.name))
      : allScenarios;
  const wantsMixed = soak !== undefined || !options.only || options.only.includes(MIXED);
  const wantsGateway = soak === undefined && (options.only ?? []).includes(GATEWAY);

  let stack: Stack | undefined;
  let dataDir: string | undefined;
  let sampler: MemorySampler | undefined;
  const cleanup = async () => {
    sampler?.stop();
    await stack?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));
  process.once('SIGTERM', () => void cleanup().then(() => process.exit(143)));

  try {
    console.log(`Bench started (${load()})`);
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
        // Long runs keep the demo users' first tokens (15 min by default).
        extraEnv: { AUTH_RATE_LIMIT: '1000000', LOG_LEVEL: 'warn', ACCESS_TOKEN_TTL: '12h' },
        onCrash: (error) => {
          console.error(error.message);
          void cleanup().then(() => process.exit(1));
        },
      });
      const s = stack;
      ctx = { gatewayUrl: s.gatewayUrl, serviceUrl: (name) => s.serviceUrl(name) };
      sampler = new MemorySampler([
        ...s.supervisor.procs
          .filter((p) => p.child.pid !== undefined)
          .map((p) => ({ name: p.spec.name, pid: p.child.pid! })),
        // The load generator (autocannon) shares the machine: its own row shows its part.
        { name: 'bench', pid: process.pid },
      ]);
      sampler.start((options.sampleInterval ?? 1) * 1000);
      sampler.mark('idle');
    }

    const results: ScenarioResult[] = [];
    const comparisons = [];
    // The gateway comparison's list call reads the seeded posts too.
    if ((wantsGateway || selected.some((s) => s.needsSeed)) && options.posts > 0) {
      sampler?.mark('seed');
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
    if (selected.length) {
      sampler?.mark('scenarios');
      const connections = options.connections ?? DEFAULT_CONNECTIONS;
      for (const scenario of selected) {
        process.stdout.write(
          `Running ${scenario.name} (${connections} connections, ${options.duration} s)… `,
        );
        const result = await runScenario(scenario, ctx, options);
        results.push(result);
        console.log(`${result.requestsPerSecond.toFixed(0)} req/s`);
      }
      sampler?.sample();
      console.log(`\n${formatTable(results)}\n`);
      const byName = new Map(results.map((r) => [r.name, r]));
      for (const c of allComparisons) {
        const baseline = byName.get(c.baseline);
        const subject = byName.get(c.subject);
        if (!baseline || !subject) continue;
        const cmp = compare(c.label, baseline, subject);
        comparisons.push(cmp);
        console.log(formatComparison(cmp, c.baseline, c.subject));
      }
      printMemory('Memory during the scenarios', memoryOf(sampler, ['scenarios']));
    }

    let gateway: ProxyPair[] | undefined;
    if (wantsGateway) {
      sampler?.mark(GATEWAY);
      const connections = options.connections ?? DEFAULT_CONNECTIONS;
      console.log(
        `\nGateway vs nginx (${connections} connections, ${options.duration} s each in turns; ${load()})`,
      );
      gateway = await runGatewayVsNginx(
        ctx,
        async (name, request, seconds, times) => {
          process.stdout.write(`Running ${name} (${seconds} s)… `);
          const result = await runScenario(
            { name, description: name, request: () => request },
            ctx,
            options,
            { seconds, times },
          );
          console.log(`${result.requestsPerSecond.toFixed(0)} req/s`);
          return result;
        },
        (line) => console.log(line),
        options.duration,
        stack?.supervisor.procs.find((p) => p.spec.name === 'gateway')?.child.pid,
      );
      console.log(`(${load()} at the end)`);
    }

    let mixed: MixedOutcome | undefined;
    let soakReport: Record<string, unknown> | undefined;
    let growing: string[] = [];
    if (wantsMixed) {
      const size = options.seedSize;
      console.log(
        `\nSeeding the demo data for ${MIXED}: ${size.users} users, ${size.posts} posts, ` +
          `${size.comments} comments (scripts/seed/)…`,
      );
      sampler?.mark('seed-demo');
      const started = Date.now();
      const world = await seedMixedWorld(ctx.gatewayUrl, size);
      console.log(`Seeded the demo data in ${((Date.now() - started) / 1000).toFixed(1)} s`);

      if (soak === undefined) {
        mixed = await measureMixed(world, ctx, options, sampler, options.duration);
        printMemory(`Memory during ${MIXED}`, memoryOf(sampler, [MIXED]));
      } else {
        const live: LiveCounts = { answered: 0, failed: 0 };
        const tallies: Tally[] = [];
        const intervalMs = (options.sampleInterval ?? 10) * 1000;
        sampler?.onSample((s) => {
          if (s.phase === MIXED) {
            tallies.push({ at: s.at, answered: live.answered, failed: live.failed });
          }
        });
        sampler?.every(intervalMs);
        mixed = await measureMixed(world, ctx, options, sampler, soak * 60, live);
        if (sampler) {
          const samples = sampler.samples.filter((s) => s.phase === MIXED);
          const rows = seriesRows(samples, tallies, samples[0]?.at ?? 0);
          const names = sampler.processes.map((p) => p.name);
          const writes = mixed.rows.find((r) => r.name === 'all writes')!;
          const seconds = soak * 60;
          const writesPerMinute = ((writes.requests - writes.non2xx) / seconds) * 60;
          // The load generator's own memory (it keeps every response time) is not judged.
          const judged = names.filter((n) => n !== 'bench');
          const trends = judgeGrowth(judged, rows, {
            maxGrowth: options.maxGrowth,
            kbPerWrite: options.kbPerWrite,
            writesPerMinute,
          });
          growing = trends.filter((t) => t.grows).map((t) => t.name);
          const memory = memoryOf(sampler, [MIXED]);
          console.log(
            `\nSoak: RSS of each process (one row a minute of ${rows.length} samples):\n`,
          );
          console.log(formatSeries(thinSeries(rows), names));
          console.log(
            `\nGrowth over the second half (least squares; limit ${options.maxGrowth} MB/min, ` +
              `devdb + ${options.kbPerWrite} kB × ${writesPerMinute.toFixed(0)} writes/min):\n`,
          );
          console.log(formatTrendTable(memory, trends));
          soakReport = { minutes: soak, series: rows, trends, memory, writesPerMinute };
        }
        const total = mixed.rows.find((r) => r.name === 'total')!;
        console.log(
          `\nSoak of ${soak} min: ${total.requests} requests, ${total.errors} errors, ` +
            `${total.non2xx} non-2xx (${total.serverErrors} 5xx)` +
            `${growing.length ? `; growing: ${growing.join(', ')}` : '; no process grows'}.`,
        );
      }
    }

    if (options.json) {
      writeFileSync(
        options.json,
        `${JSON.stringify(
          {
            options,
            results,
            comparisons,
            gateway,
            mixed: mixed?.rows,
            memory: memoryOf(sampler, [MIXED, 'scenarios']),
            soak: soakReport,
          },
          null,
          2,
        )}\n`,
      );
    }
    const failed = results.filter((r) => r.errors > 0 || r.non2xx > 0).map((r) => r.name);
    if (mixed?.failed) failed.push(MIXED);
    for (const pair of gateway ?? []) {
      for (const r of [pair.gateway, pair.nginx])
        if (r && (r.errors > 0 || r.non2xx > 0)) failed.push(r.name);
    }
    if (failed.length) {
      console.log(`\nScenarios with errors or non-2xx answers: ${failed.join(', ')}`);
      process.exitCode = 1;
    }
    if (growing.length) {
      console.log(`\nMemory keeps growing in: ${growing.join(', ')} (see --max-growth)`);
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
