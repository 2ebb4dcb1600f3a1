import { connect } from 'node:net';
import { waitFor } from '@forum/service-kit/testing';

export interface ReceivedEvent {
  event: string;
  // The parsed JSON of the data line; tests compare it whole or read a field.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

/**
 * A minimal SSE reader (the server writes `event:` + one `data:` line, or a `:` comment, per
 * block): eventsource-parser's package exports TypeScript sources under the `source` condition
 * that the tests' typecheck and vitest resolve, which its own .ts imports do not compile under.
 */
export function sseBlocks(onBlock: (block: string) => void): (text: string) => void {
  let pending = '';
  return (text) => {
    pending += text;
    let end;
    while ((end = pending.indexOf('\n\n')) >= 0) {
      onBlock(pending.slice(0, end));
      pending = pending.slice(end + 2);
    }
  };
}

function parseBlock(block: string): { event?: string; data?: string; comment?: string } {
  const out: { event?: string; data?: string; comment?: string } = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) out.comment = line.slice(1).trim();
    else if (line.startsWith('event: ')) out.event = line.slice('event: '.length);
    else if (line.startsWith('data: ')) out.data = line.slice('data: '.length);
  }
  return out;
}

/** A GET /api/stream read the way the browser client reads it: fetch, body chunks, SSE blocks. */
export interface SseClient {
  status: number;
  headers: Headers;
  /** The error answer when the stream was refused. */
  error: unknown;
  events: ReceivedEvent[];
  keepAlives: number;
  /** Resolves when the server ended the stream (or the connection broke). */
  ended: Promise<void>;
  isEnded(): boolean;
  /** Until an event matching the check has arrived; returns it. */
  next(check: (e: ReceivedEvent) => boolean, what?: string): Promise<ReceivedEvent>;
  close(): void;
}

export async function openSse(
  baseUrl: string,
  { token, post }: { token?: string | undefined; post?: string | undefined } = {},
): Promise<SseClient> {
  const abort = new AbortController();
  const url = new URL('/api/stream', baseUrl);
  if (post !== undefined) url.searchParams.set('post', post);
  const res = await fetch(url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal: abort.signal,
  });
  const events: ReceivedEvent[] = [];
  let keepAlives = 0;
  let ended = false;
  const client: SseClient = {
    status: res.status,
    headers: res.headers,
    error: undefined,
    events,
    get keepAlives() {
      return keepAlives;
    },
    ended: Promise.resolve(),
    isEnded: () => ended,
    next: (check, what = 'an event') => waitFor(() => events.find(check), { what }),
    close: () => abort.abort(),
  };
  if (res.status !== 200) {
    client.error = await res.json();
    ended = true;
    return client;
  }
  const feed = sseBlocks((block) => {
    const { event, data, comment } = parseBlock(block);
    if (comment === 'keep-alive') keepAlives += 1;
    else if (data !== undefined) events.push({ event: event ?? 'message', data: JSON.parse(data) });
  });
  client.ended = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        feed(decoder.decode(chunk, { stream: true }));
      }
    } catch {
      // aborted by close() or the connection broke: ended either way
    } finally {
      ended = true;
    }
  })();
  return client;
}

/**
 * A client that reads the stream's headers and then stops reading (a stalled tab, a dead
 * network): what it is sent piles up in the kernel's buffers, then in the server's socket.
 */
export async function openStalledSse(
  baseUrl: string,
  path: string,
): Promise<{ status: number; close(): void }> {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nAccept: text/event-stream\r\n\r\n`);
  const head = await new Promise<string>((resolve, reject) => {
    socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1')));
    socket.once('error', reject);
  });
  socket.pause();
  socket.on('error', () => undefined); // the server drops it: expected
  return { status: Number(head.split(' ')[1]), close: () => socket.destroy() };
}
