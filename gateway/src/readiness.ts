import type { UpstreamPools } from './proxy/upstream-pools.js';

/** /ready: each service answers its /health within a couple of seconds. */
export function upstreamReadiness(
  pools: UpstreamPools,
  upstreams: Record<string, string>,
  timeoutMs = 2_000,
): () => Promise<Record<string, boolean>> {
  return async () => {
    const entries = await Promise.all(
      Object.entries(upstreams).map(async ([name, origin]) => {
        try {
          const res = await pools.get(origin).request({
            path: '/health',
            method: 'GET',
            headersTimeout: timeoutMs,
            bodyTimeout: timeoutMs,
          });
          await res.body.dump();
          return [name, res.statusCode === 200] as const;
        } catch {
          return [name, false] as const;
        }
      }),
    );
    return Object.fromEntries(entries);
  };
}
