/** Pure parts of the gateway-vs-nginx bench: the nginx config and the side-by-side table. */
import { fmt, formatGrid, percentile, type ScenarioResult } from '../report.js';

export interface NginxConfigVars {
  /** Directory for the pid file, error log and temp paths. */
  dir: string;
  port: number;
  /** host:port of the service both proxies forward to. */
  upstream: string;
  /** Request body limit, bytes. */
  bodyLimitBytes: number;
  /** Upstream timeout, ms (the gateway's UPSTREAM_TIMEOUT_MS). */
  timeoutMs: number;
  /** Response headers set on every answer: [name, value]. */
  securityHeaders: readonly (readonly [string, string])[];
}

/** Fills the template's `{{NAME}}` fields; every field must be known and every value safe. */
export function renderNginxConfig(template: string, vars: NginxConfigVars): string {
  for (const [name, value] of vars.securityHeaders) {
    // nginx strings have no escapes: a quote or a `$` (variable) would change the config.
    if (!/^[A-Za-z0-9-]+$/.test(name) || /["\\$\n]/.test(value)) {
      throw new Error(`cannot put header ${name}: ${value} into an nginx config`);
    }
  }
  if (/[\s;{}"']/.test(vars.dir)) throw new Error(`unsafe nginx directory: ${vars.dir}`);
  const fields: Record<string, string> = {
    DIR: vars.dir,
    PORT: String(vars.port),
    UPSTREAM: vars.upstream,
    BODY_LIMIT: `${Math.ceil(vars.bodyLimitBytes / 1024)}k`,
    TIMEOUT: `${Math.ceil(vars.timeoutMs)}ms`,
    // Ours replace the upstream's, as the gateway's do.
    SECURITY_HEADERS: vars.securityHeaders
      .map(
        ([name, value]) =>
          `      proxy_hide_header ${name};\n      add_header ${name} "${value}" always;`,
      )
      .join('\n'),
  };
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (_match, name: string) => {
    const value = fields[name];
    if (value === undefined) throw new Error(`unknown field {{${name}}} in the nginx template`);
    return value;
  });
}

/** One call measured through both proxies (nginx absent: gateway only). */
export interface ProxyPair {
  /** What was called, e.g. `GET /api/health`. */
  call: string;
  gateway: ScenarioResult;
  nginx?: ScenarioResult;
  /**
   * CPU time of each proxy's process per request, µs (user + system, over the measured rounds):
   * unlike req/s, it hardly moves when other work shares the machine.
   */
  cpuMicros?: { gateway?: number; nginx?: number };
  /** gateway ÷ nginx req/s of each round (the two measured side by side in time). */
  roundRatios?: number[];
}

/** µs of CPU per request from /proc clock ticks (USER_HZ, 100 on Linux). */
export function cpuMicrosPerRequest(ticks: number, requests: number, hz = 100): number | undefined {
  if (!(requests > 0) || !Number.isFinite(ticks)) return undefined;
  return ((ticks / hz) * 1e6) / requests;
}

/** gateway req/s ÷ nginx req/s (1 = as fast as nginx); undefined without nginx. */
export function throughputRatio(pair: ProxyPair): number | undefined {
  if (!pair.nginx || !(pair.nginx.requestsPerSecond > 0)) return undefined;
  return pair.gateway.requestsPerSecond / pair.nginx.requestsPerSecond;
}

export function formatProxyTable(pairs: ProxyPair[]): string {
  const withNginx = pairs.some((p) => p.nginx);
  const header = withNginx
    ? [
        'call',
        'gateway req/s',
        'nginx req/s',
        'gateway/nginx',
        'gateway p50',
        'nginx p50',
        'gateway p99',
        'nginx p99',
        'gateway CPU µs/req',
        'nginx CPU µs/req',
        'errors',
        'non-2xx',
      ]
    : [
        'call',
        'gateway req/s',
        'gateway p50',
        'gateway p99',
        'gateway CPU µs/req',
        'errors',
        'non-2xx',
      ];
  const micros = (n: number | undefined) => (n === undefined ? '-' : fmt(n, 0));
  const rows = pairs.map((p) => {
    const g = p.gateway;
    const n = p.nginx;
    const errors = String(g.errors + (n?.errors ?? 0));
    const non2xx = String(g.non2xx + (n?.non2xx ?? 0));
    if (!withNginx) {
      return [
        p.call,
        fmt(g.requestsPerSecond, 0),
        fmt(g.p50, 2),
        fmt(g.p99, 2),
        micros(p.cpuMicros?.gateway),
        errors,
        non2xx,
      ];
    }
    const ratio = throughputRatio(p);
    return [
      p.call,
      fmt(g.requestsPerSecond, 0),
      n ? fmt(n.requestsPerSecond, 0) : '-',
      ratio === undefined ? '-' : `${fmt(ratio, 2)}x`,
      fmt(g.p50, 2),
      n ? fmt(n.p50, 2) : '-',
      fmt(g.p99, 2),
      n ? fmt(n.p99, 2) : '-',
      micros(p.cpuMicros?.gateway),
      micros(p.cpuMicros?.nginx),
      errors,
      non2xx,
    ];
  });
  return formatGrid(header, rows);
}

/** The verdict line under the table: which calls reach `target` × nginx. */
export function formatVerdict(pairs: ProxyPair[], target: number): string {
  if (!pairs.some((p) => p.nginx)) return 'nginx not installed: gateway figures only';
  const parts = pairs.map((p) => {
    const ratio = throughputRatio(p);
    const ok = ratio !== undefined && ratio >= target;
    return `${p.call} ${ratio === undefined ? '-' : fmt(ratio, 2)}x (${ok ? 'ok' : 'below'})`;
  });
  return `gateway/nginx throughput, target ${fmt(target, 2)}x: ${parts.join('; ')}`;
}

/** gateway ÷ nginx req/s round by round (rounds without a figure on both sides left out). */
export function roundRatios(gateway: ScenarioResult[], nginx: ScenarioResult[]): number[] {
  const ratios: number[] = [];
  for (let i = 0; i < Math.min(gateway.length, nginx.length); i++) {
    const n = nginx[i]!.requestsPerSecond;
    if (n > 0) ratios.push(gateway[i]!.requestsPerSecond / n);
  }
  return ratios;
}

/**
 * One line per call on how far single rounds swing (lowest, median, highest gateway ÷ nginx):
 * the noise of the shared machine, next to the figure over all rounds.
 */
export function formatRoundSpread(pairs: ProxyPair[]): string[] {
  return pairs
    .filter((p) => p.roundRatios?.length)
    .map((p) => {
      const sorted = Float64Array.from(p.roundRatios!).sort();
      const median = percentile(sorted, 50);
      const low = sorted[0]!;
      const high = sorted[sorted.length - 1]!;
      return (
        `${p.call}: gateway/nginx per round ${fmt(low, 2)}x-${fmt(high, 2)}x, ` +
        `median ${fmt(median, 2)}x (${sorted.length} rounds)`
      );
    });
}

/**
 * One figure from several equal-length rounds of the same call: mean req/s, percentiles over all
 * the rounds' response times (ms), summed counts.
 */
export function combineRounds(
  name: string,
  rounds: ScenarioResult[],
  times: ArrayLike<number>,
): ScenarioResult {
  const sorted = Float64Array.from(times).sort();
  const sum = (pick: (r: ScenarioResult) => number) => rounds.reduce((n, r) => n + pick(r), 0);
  return {
    name,
    requestsPerSecond: rounds.length ? sum((r) => r.requestsPerSecond) / rounds.length : Number.NaN,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors: sum((r) => r.errors),
    non2xx: sum((r) => r.non2xx),
    total: sum((r) => r.total),
  };
}

/**
 * The order of the two proxies in each round: alternating (gateway first, then nginx first...), so
 * neither always runs right after the other warmed the upstream or right before a load spike.
 */
export function roundOrder(round: number): ['gateway', 'nginx'] | ['nginx', 'gateway'] {
  return round % 2 === 0 ? ['gateway', 'nginx'] : ['nginx', 'gateway'];
}
