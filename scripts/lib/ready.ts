export interface WaitOptions {
  /** Overall time limit in ms. */
  timeoutMs: number;
  /** Delay between attempts in ms. */
  intervalMs?: number;
  /** Returns a reason when the thing being waited for can no longer become ready (e.g. exited). */
  gaveUp?: () => string | undefined;
  /** Injected for tests. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export class ReadyTimeoutError extends Error {
  constructor(
    readonly what: string,
    readonly reason: string,
  ) {
    super(`${what} did not become ready: ${reason}`);
    this.name = 'ReadyTimeoutError';
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Calls `probe` until it returns true. Fails with ReadyTimeoutError after `timeoutMs` or as soon
 * as `gaveUp` reports a reason. The last probe error becomes part of the timeout message.
 */
export async function waitUntil(
  what: string,
  probe: () => Promise<boolean>,
  options: WaitOptions,
): Promise<void> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const interval = options.intervalMs ?? 200;
  const deadline = now() + options.timeoutMs;
  let lastProblem = 'no answer yet';
  for (;;) {
    const reason = options.gaveUp?.();
    if (reason) throw new ReadyTimeoutError(what, reason);
    try {
      if (await probe()) return;
      lastProblem = 'not ready yet';
    } catch (error) {
      lastProblem = describeError(error);
    }
    if (now() >= deadline) {
      throw new ReadyTimeoutError(
        what,
        `timed out after ${Math.round(options.timeoutMs / 1000)} s (${lastProblem})`,
      );
    }
    await sleep(interval);
  }
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    if (cause instanceof Error) return `${error.message}: ${cause.message}`;
    return error.message;
  }
  return String(error);
}

/** A probe that is true when GET `url` answers 2xx. */
export function httpProbe(url: string, requestTimeoutMs = 2000): () => Promise<boolean> {
  return async () => {
    const response = await fetch(url, { signal: AbortSignal.timeout(requestTimeoutMs) });
    await response.body?.cancel();
    if (response.ok) return true;
    throw new Error(`GET ${url} answered ${response.status}`);
  };
}

/** A probe that is true when a TCP connection to host:port succeeds. */
export function tcpProbe(host: string, port: number): () => Promise<boolean> {
  return async () => {
    const net = await import('node:net');
    return new Promise<boolean>((resolve, reject) => {
      const socket = net.connect({ host, port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', (error) => {
        socket.destroy();
        reject(error);
      });
    });
  };
}
