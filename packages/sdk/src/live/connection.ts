import { reconnectDelay } from './backoff';
import { parseLiveEvent } from './events';
import { readEventStream } from './sse';
import type { LiveEvent, LiveStatus } from './types';

/** Heartbeats come every 25 s: a stream silent for this long is taken as dropped. */
export const STREAM_IDLE_MS = 60_000;

/** What the stream is opened for: the signed-in user (or a visitor) and a post, if any. */
export interface StreamTarget {
  userId: string | null;
  postId: string | null;
}

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface StreamDeps {
  fetch: typeof fetch;
  /** GET /api/stream, with ?post= when there is one. */
  url(postId: string | null): string;
  getToken(): string | null;
  /** After a 401 for `token`: resolves true when fresh tokens are stored (try again at once). */
  refresh(token: string): Promise<boolean>;
  timers?: Timers;
  random?: () => number;
  idleMs?: number;
}

export interface StreamCallbacks {
  onStatus(status: LiveStatus): void;
  onEvent(event: LiveEvent): void;
  /** The post may not be streamed to this caller (400/403/404): never retried. */
  onRefused(postId: string): void;
}

type Outcome =
  | { kind: 'dropped' } // it was open, then ended or broke
  | { kind: 'failed' } // never opened: network error, 5xx
  | { kind: 'unauthorized'; token: string | null }
  | { kind: 'refused' };

const REFUSED = new Set([400, 403, 404]);

/**
 * Keeps one stream open for `target` until the returned stop() is called: reconnects with
 * backoff when it drops or cannot open, refreshes the token once on a 401, and reports
 * 'live'/'down'.
 */
export function runStream(
  target: StreamTarget,
  deps: StreamDeps,
  callbacks: StreamCallbacks,
): () => void {
  const timers = deps.timers ?? realTimers;
  const idleMs = deps.idleMs ?? STREAM_IDLE_MS;
  const stop = new AbortController();

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const handle = timers.set(done, ms);
      stop.signal.addEventListener('abort', done, { once: true });
      function done() {
        timers.clear(handle);
        stop.signal.removeEventListener('abort', done);
        resolve();
      }
    });

  async function connectOnce(): Promise<Outcome> {
    const attempt = new AbortController();
    const abortAttempt = () => attempt.abort();
    stop.signal.addEventListener('abort', abortAttempt, { once: true });
    const token = target.userId ? deps.getToken() : null;
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (token) headers.Authorization = `Bearer ${token}`;
    let idle: unknown;
    try {
      let res: Response;
      try {
        res = await deps.fetch(deps.url(target.postId), {
          headers,
          signal: attempt.signal,
          cache: 'no-store',
        });
      } catch {
        return { kind: 'failed' };
      }
      if (!res.ok || !res.body) {
        res.body?.cancel().catch(() => undefined);
        if (res.status === 401) return { kind: 'unauthorized', token };
        if (target.postId && REFUSED.has(res.status)) return { kind: 'refused' };
        return { kind: 'failed' };
      }
      callbacks.onStatus('live');
      const arm = () => {
        timers.clear(idle);
        idle = timers.set(abortAttempt, idleMs);
      };
      arm();
      await readEventStream(res.body, {
        onBytes: arm,
        onMessage: (name, data) => {
          const event = parseLiveEvent(name, data);
          if (event && !stop.signal.aborted) callbacks.onEvent(event);
        },
      }).catch(() => undefined);
      return { kind: 'dropped' };
    } finally {
      timers.clear(idle);
      stop.signal.removeEventListener('abort', abortAttempt);
      attempt.abort();
    }
  }

  async function loop() {
    let failures = 0;
    let refreshed = false;
    while (!stop.signal.aborted) {
      const outcome = await connectOnce();
      if (stop.signal.aborted) return;
      if (outcome.kind === 'refused') {
        callbacks.onRefused(target.postId!);
        return;
      }
      callbacks.onStatus('down');
      if (outcome.kind === 'dropped') {
        // It had been open: the next try waits the shortest delay, a 401 may refresh again.
        failures = 0;
        refreshed = false;
      }
      if (outcome.kind === 'unauthorized' && outcome.token && !refreshed) {
        refreshed = true;
        if (await deps.refresh(outcome.token).catch(() => false)) continue;
      }
      await wait(reconnectDelay(failures++, deps.random));
    }
  }

  void loop();
  return () => stop.abort();
}
