/**
 * `npm run bench -- --only gateway`: the gateway's proxy hop side by side with nginx (one worker,
 * scripts/bench/nginx.conf.template) forwarding to the same svc-forum, on the cheapest call there
 * is and on a 20-post list, at the same connections and duration.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadGatewayConfig } from '../../../gateway/src/config.js';
import { securityHeaderList } from '../../../gateway/src/security/security-headers.js';
import type { ScenarioResult } from '../report.js';
import type { BenchContext, BenchRequest } from '../scenario.js';
import { parseProcStatTicks } from '../memory.js';
import {
  combineRounds,
  cpuMicrosPerRequest,
  formatProxyTable,
  formatRoundSpread,
  formatVerdict,
  roundOrder,
  roundRatios,
  type ProxyPair,
} from './compare.js';
import { NGINX_BIN, nginxInstalled, startNginx, type RunningNginx } from './nginx.js';

/** The bar: the gateway serves at least this share of nginx's requests per second. */
export const GATEWAY_TARGET = 0.8;

export const GATEWAY_CALLS: { call: string; path: string }[] = [
  { call: 'GET /api/health', path: '/api/health' },
  { call: 'GET /api/posts?limit=20', path: '/api/posts?limit=20' },
];

/**
 * Rounds per call: the machine is shared, so the two proxies take turns rather than one run each
 * (an even number: each goes first as often as the other). On the list call single 3 s rounds
 * swing by ±30-60% with the load of the moment (svc-forum and the database do most of its work),
 * so it takes eight of them per proxy for a figure that holds from one run to the next.
 */
export const GATEWAY_ROUNDS = 8;

/**
 * Unmeasured seconds of each call through each proxy before its rounds. At the list call's
 * ~100-150 req/s the gateway's CPU per request keeps falling for ~10 s of that traffic while V8
 * optimises its list path (730 → 310 µs per request with a 12 KB answer); three seconds left the
 * gateway's first rounds measuring its JIT. nginx gets the same.
 */
export const GATEWAY_WARMUP_SECONDS = 8;

/** Runs autocannon for `seconds` (after a warm-up), pushing each response time (ms) to `times`. */
export type Measure = (
  name: string,
  request: BenchRequest,
  seconds: number,
  times: number[],
) => Promise<ScenarioResult>;

export async function runGatewayVsNginx(
  ctx: BenchContext,
  measure: Measure,
  log: (line: string) => void,
  /**
   * --duration: the rounds last seconds ÷ 4 each, so each proxy and call is measured for twice
   * this (GATEWAY_ROUNDS rounds).
   */
  seconds: number,
  /** The gateway's process, for its CPU time (none with --url). */
  gatewayPid?: number,
): Promise<ProxyPair[]> {
  let nginx: RunningNginx | undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'forum-bench-nginx-'));
  try {
    if (nginxInstalled()) {
      // The same limits and headers as the gateway's defaults (the bench sets none of them).
      const config = loadGatewayConfig({});
      nginx = await startNginx({
        dir,
        upstream: new URL(ctx.serviceUrl('forum')).host,
        bodyLimitBytes: config.jsonBodyLimit,
        timeoutMs: config.upstreamTimeoutMs,
        securityHeaders: securityHeaderList(config.hstsMaxAge),
      });
      log(`nginx (${NGINX_BIN}, 1 worker) on ${nginx.url}, config ${nginx.configFile}`);
    } else {
      log(`nginx not installed: gateway figures only (looked for ${NGINX_BIN})`);
    }
    const pairs: ProxyPair[] = [];
    const perRound = Math.max(1, Math.round(seconds / 4));
    for (const { call, path: callPath } of GATEWAY_CALLS) {
      const urls = { gateway: ctx.gatewayUrl, nginx: nginx?.url };
      const runs = { gateway: [] as ScenarioResult[], nginx: [] as ScenarioResult[] };
      const times = { gateway: [] as number[], nginx: [] as number[] };
      const pids = { gateway: gatewayPid, nginx: nginx?.pid };
      const ticks = { gateway: 0, nginx: 0 };
      // Unmeasured: the first seconds after start-up or seeding measure the JIT and the load left
      // behind, not the proxy (the gateway's first round was always its slowest).
      for (const via of ['gateway', 'nginx'] as const) {
        const base = urls[via];
        if (base) {
          const request = { url: `${base}${callPath}` };
          await measure(`${via} ${call} (warm-up)`, request, GATEWAY_WARMUP_SECONDS, []);
        }
      }
      for (let round = 0; round < GATEWAY_ROUNDS; round++) {
        for (const via of roundOrder(round)) {
          const base = urls[via];
          if (!base) continue;
          const name = `${via} ${call} (round ${round + 1}/${GATEWAY_ROUNDS})`;
          const before = cpuTicks(pids[via]);
          runs[via].push(await measure(name, { url: `${base}${callPath}` }, perRound, times[via]));
          ticks[via] += cpuTicks(pids[via]) - before;
        }
      }
      const gateway = combineRounds(`gateway ${call}`, runs.gateway, times.gateway);
      const viaNginx = nginx ? combineRounds(`nginx ${call}`, runs.nginx, times.nginx) : undefined;
      pairs.push({
        call,
        gateway,
        ...(viaNginx
          ? { nginx: viaNginx, roundRatios: roundRatios(runs.gateway, runs.nginx) }
          : {}),
        cpuMicros: {
          gateway: cpuMicrosPerRequest(ticks.gateway, gatewayPid ? gateway.total : 0),
          nginx: viaNginx && cpuMicrosPerRequest(ticks.nginx, viaNginx.total),
        },
      });
    }
    log(`\n${formatProxyTable(pairs)}\n`);
    for (const line of formatRoundSpread(pairs)) log(line);
    log(formatVerdict(pairs, GATEWAY_TARGET));
    return pairs;
  } finally {
    await nginx?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** User + system CPU ticks of a process so far (NaN when unknown: not Linux, no pid). */
function cpuTicks(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    return parseProcStatTicks(readFileSync(`/proc/${pid}/stat`, 'utf8')) ?? Number.NaN;
  } catch {
    return Number.NaN;
  }
}
