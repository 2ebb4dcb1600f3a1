import { Pool } from 'undici';

export interface PoolOptions {
  /** Time to wait for response headers, and between body chunks. */
  timeoutMs: number;
  /** Time allowed between body chunks when it differs (0 = none: event streams). */
  bodyTimeoutMs?: number;
  /** Concurrent sockets per upstream (null = no bound: each open event stream holds one). */
  connections?: number | null;
}

/**
 * One keep-alive undici Pool per upstream origin, created on first use and shared by every request
 * to it, so the gateway does not pay a TCP handshake per proxied call.
 */
export class UpstreamPools {
  private readonly pools = new Map<string, Pool>();

  constructor(private readonly options: PoolOptions) {}

  get(origin: string): Pool {
    const key = new URL(origin).origin;
    let pool = this.pools.get(key);
    if (!pool) {
      pool = new Pool(key, {
        connections: this.options.connections === undefined ? 128 : this.options.connections,
        headersTimeout: this.options.timeoutMs,
        bodyTimeout: this.options.bodyTimeoutMs ?? this.options.timeoutMs,
        // A refused or black-holed connect is "service unavailable", not worth the full timeout.
        connect: { timeout: Math.min(this.options.timeoutMs, 5_000) },
        // Node servers drop idle sockets after 5 s; give up ours first to avoid reset races.
        keepAliveTimeout: 4_000,
      });
      this.pools.set(key, pool);
    }
    return pool;
  }

  async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.allSettled(pools.map((p) => p.close()));
  }
}
