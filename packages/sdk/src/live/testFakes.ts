import type { BusChannel, BusMessage } from './bus';
import type { StreamDeps, Timers } from './connection';
import type { LiveLocks } from './leader';
import type { LiveEvent, LiveSink, LiveStatus } from './types';

/** Timers the test fires by hand: `fire()` runs the earliest pending one. */
export function manualTimers() {
  const pending = new Map<number, { fn: () => void; ms: number }>();
  let next = 1;
  const timers: Timers = {
    set(fn, ms) {
      const id = next++;
      pending.set(id, { fn, ms });
      return id;
    },
    clear(handle) {
      pending.delete(handle as number);
    },
  };
  return {
    timers,
    /** Delays of the pending timers, oldest first. */
    delays: () => [...pending.values()].map((t) => t.ms),
    /** Runs (and removes) the pending timer with delay `ms`. */
    fire(ms: number) {
      const entry = [...pending.entries()].find(([, t]) => t.ms === ms);
      if (!entry) throw new Error(`no timer of ${ms} ms (pending: ${this.delays().join(', ')})`);
      pending.delete(entry[0]);
      entry[1].fn();
    },
  };
}

/** One open SSE body the test writes into. */
export interface FakeStream {
  url: string;
  headers: Record<string, string>;
  signal: AbortSignal;
  send(text: string): void;
  end(): void;
}

/**
 * A fetch for GET /api/stream: answers with `status(url)` (default 200) and, for a 200, a body
 * the test writes into through `streams`.
 */
export function streamServer(status: (url: string, token: string | null) => number = () => 200) {
  const streams: FakeStream[] = [];
  const requests: Array<{ url: string; token: string | null }> = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const token = headers.Authorization?.replace(/^Bearer /, '') ?? null;
    requests.push({ url, token });
    const code = status(url, token);
    if (code !== 200) return new Response(JSON.stringify({ error: 'no' }), { status: code });
    const signal = init!.signal!;
    const encoder = new TextEncoder();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    signal.addEventListener('abort', () => controller.error(signal.reason), { once: true });
    streams.push({
      url,
      headers,
      signal,
      send: (text) => controller.enqueue(encoder.encode(text)),
      end: () => controller.close(),
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  }) as typeof globalThis.fetch;
  /** Streams the client has not aborted. */
  const open = () => streams.filter((s) => !s.signal.aborted);
  return { fetch, streams, requests, open };
}

export function streamDeps(
  fetch: typeof globalThis.fetch,
  overrides: Partial<StreamDeps> = {},
): StreamDeps {
  return {
    fetch,
    url: (postId) => (postId ? `/api/stream?post=${postId}` : '/api/stream'),
    getToken: () => 'token-1',
    refresh: async () => false,
    random: () => 1,
    ...overrides,
  };
}

/** What a tab's hub received. */
export function recordingSink() {
  const events: LiveEvent[] = [];
  const statuses: LiveStatus[] = [];
  const sink: LiveSink = {
    setStatus: (s) => void statuses.push(s),
    dispatch: (e) => void events.push(e),
  };
  return { sink, events, statuses, status: () => statuses.at(-1) ?? 'down' };
}

/** navigator.locks for one browser: exclusive, first come first served, released with the holder. */
export function fakeLocks(): LiveLocks & { holders: () => number } {
  const queues = new Map<string, Array<() => void>>();
  const held = new Set<string>();
  const grant = (name: string) => {
    if (held.has(name)) return;
    const next = queues.get(name)?.shift();
    if (!next) return;
    held.add(name);
    next();
  };
  return {
    holders: () => held.size,
    request(name, callback) {
      return new Promise<void>((resolve, reject) => {
        const q = queues.get(name) ?? [];
        queues.set(name, q);
        q.push(() => {
          callback()
            .then(resolve, reject)
            .finally(() => {
              held.delete(name);
              grant(name);
            });
        });
        grant(name);
      });
    },
  };
}

/** BroadcastChannel for one browser: a message reaches every other open channel, asynchronously. */
export function fakeBus() {
  const channels = new Set<{ listeners: Array<(e: { data: unknown }) => void> }>();
  const log: BusMessage[] = [];
  const open = (): BusChannel => {
    const self = { listeners: [] as Array<(e: { data: unknown }) => void> };
    channels.add(self);
    return {
      postMessage(message) {
        log.push(message);
        const data = structuredClone(message);
        for (const other of channels) {
          if (other === self) continue;
          queueMicrotask(() => other.listeners.forEach((l) => l({ data })));
        }
      },
      addEventListener: (_type, listener) => void self.listeners.push(listener),
      close: () => void channels.delete(self),
    };
  };
  return { open, log };
}

/** A session the test signs in and out. */
export function fakeSession(userId: string | null) {
  let user = userId ? { id: userId } : null;
  const listeners = new Set<() => void>();
  return {
    getState: () => ({ user }),
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(id: string | null) {
      user = id ? { id } : null;
      listeners.forEach((l) => l());
    },
  };
}
