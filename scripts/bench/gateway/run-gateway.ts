/**
 * `npm run bench -- --only gateway`: the gateway's proxy hop side by side with nginx (one worker,
 * scripts/bench/nginx.conf.template) forwarding to the same svc-forum, on the cheapest call there
 * is and on a 20-post list, at the same connections and duration.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadGatewayConfig } from '../../../gateway/src/config.js';
import { securityHeaderList } from '../../../gateway/src/security/security-headers.js';
import type { ScenarioResult } from '../report.js';
import type { BenchContext, BenchRequest } from '../scenario.js';
import { formatProxyTable, formatVerdict, type ProxyPair } from './compare.js';
import { NGINX_BIN, nginxInstalled, startNginx, type RunningNginx } from './nginx.js';

/** The bar: the gateway serves at least this share of nginx's requests per second. */
export const GATEWAY_TARGET = 0.8;

export const GATEWAY_CALLS: { call: string; path: string }[] = [
  { call: 'GET /api/health', path: '/api/health' },
  { call: 'GET /api/posts?limit=20', path: '/api/posts?limit=20' },
];

export type Measure = (name: string, request: BenchRequest) => Promise<ScenarioResult>;

export async function runGatewayVsNginx(
  ctx: BenchContext,
  measure: Measure,
  log: (line: string) => void,
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
    for (const { call, path: callPath } of GATEWAY_CALLS) {
      const gateway = await measure(`gateway ${call}`, { url: `${ctx.gatewayUrl}${callPath}` });
      const viaNginx = nginx
        ? await measure(`nginx ${call}`, { url: `${nginx.url}${callPath}` })
        : undefined;
      pairs.push({ call, gateway, ...(viaNginx ? { nginx: viaNginx } : {}) });
    }
    log(`\n${formatProxyTable(pairs)}\n`);
    log(formatVerdict(pairs, GATEWAY_TARGET));
    return pairs;
  } finally {
    await nginx?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
