/**
 * `npm run bench -- --only stream` (EXTENSIONS §L): the stack on a fresh data dir, a few hundred
 * users registered through the API, then
 *  1. capacity: 5,000 signed-in streams opened directly at the one svc-stream instance, with its
 *     RSS before and after (/proc/<pid>/status) and the memory per stream;
 *  2. delay: 1,000 streams through the gateway while users reply in conversations with
 *     POST /api/messages/conversations/{id}/messages (messaging commits, publishes the live hint,
 *     svc-stream delivers), from just before each POST to the `message` event at each of the
 *     recipient's streams: p50/p99. Target p99 under 1 s.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiClient, uniqueName } from '../../lib/api-client.js';
import { ensureUser, type SeededUser } from '../../lib/seed.js';
import { startStack, type Stack } from '../../lib/stack.js';
import { parseProcStatus } from '../memory.js';
import { percentile } from '../report.js';
import { inBatches, openBenchStream, type OpenedStream } from './sse-load.js';

export const STREAM_USERS = 250;
export const CAPACITY_STREAMS = 5_000;
export const DELAY_STREAMS = 1_000;
export const DELAY_MESSAGES = 1_000;
/** Replies in flight at once during the delay run. */
export const DELAY_SENDERS = 10;
export const STREAM_P99_TARGET_MS = 1_000;

export interface StreamBenchResult {
  capacity: {
    streams: number;
    failures: number;
    openSeconds: number;
    /** stream_open_streams on the instance once all were open. */
    serverCount: number;
    rssBeforeMb: number;
    rssAfterMb: number;
    kbPerStream: number;
  };
  delay: {
    streams: number;
    failures: number;
    messages: number;
    sendFailures: number;
    expected: number;
    delivered: number;
    p50: number;
    p99: number;
    max: number;
  };
}

type Log = (line: string) => void;

const rssKbOf = (pid: number): number => {
  const status = parseProcStatus(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!status) throw new Error(`no VmRSS for pid ${pid}`);
  return status.rssKb;
};

async function openStreamsGauge(streamUrl: string): Promise<number> {
  const text = await (await fetch(`${streamUrl}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('stream_open_streams'));
  return Number(line?.split(' ').pop() ?? NaN);
}

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function registerUsers(gatewayUrl: string, log: Log): Promise<SeededUser[]> {
  const started = Date.now();
  // Two at a time: registering is bcrypt, and a busy machine answers 504 beyond that.
  const { done, failures } = await inBatches(STREAM_USERS, 2, async () => {
    const username = uniqueName('sb');
    for (let attempt = 1; ; attempt++) {
      try {
        return await ensureUser(gatewayUrl, username);
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
  });
  if (failures.length) throw new Error(`registering users failed: ${String(failures[0])}`);
  log(`  ${done.length} users registered in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return done;
}

async function measureCapacity(
  stack: Stack,
  users: SeededUser[],
  log: Log,
): Promise<StreamBenchResult['capacity']> {
  const pid = stack.supervisor.procs.find((p) => p.spec.name === 'stream')?.child.pid;
  if (pid === undefined) throw new Error('no svc-stream process in the stack');
  const streamUrl = stack.serviceUrl('stream');
  const before = rssKbOf(pid);
  log(`Capacity: opening ${CAPACITY_STREAMS} streams at svc-stream (${streamUrl})…`);
  const started = Date.now();
  const { done: streams, failures } = await inBatches(CAPACITY_STREAMS, 100, (i) =>
    openBenchStream(`${streamUrl}/api/stream`, users[i % users.length]!.token),
  );
  const openSeconds = (Date.now() - started) / 1000;
  const serverCount = await openStreamsGauge(streamUrl);
  const after = rssKbOf(pid);
  log(`  ${streams.length} open, ${failures.length} failed in ${openSeconds.toFixed(1)} s`);
  if (failures.length) log(`  first failure: ${String(failures[0])}`);
  await closeAll(streams, streamUrl);
  return {
    streams: streams.length,
    failures: failures.length,
    openSeconds,
    serverCount,
    rssBeforeMb: before / 1024,
    rssAfterMb: after / 1024,
    kbPerStream: streams.length ? (after - before) / streams.length : NaN,
  };
}

async function closeAll(streams: OpenedStream[], streamUrl: string): Promise<void> {
  for (const s of streams) s.close();
  await until('the streams to close', async () => (await openStreamsGauge(streamUrl)) === 0);
}

async function measureDelay(
  stack: Stack,
  users: SeededUser[],
  log: Log,
): Promise<StreamBenchResult['delay']> {
  const api = apiClient(stack.gatewayUrl);
  const n = users.length;
  // User i writes to user i+1 in one conversation each.
  log(`Delay: ${n} conversations…`);
  const { done: conversations, failures: convFailures } = await inBatches(n, 10, async (i) => {
    let last = '';
    for (let attempt = 0; attempt < 40; attempt++) {
      const res = await api<{ id?: string }>('POST', '/messages/conversations', {
        token: users[i]!.token,
        body: { recipientUsername: users[(i + 1) % n]!.username, subject: 'Bench', content: 'hi' },
      });
      if (res.status === 201 && res.json.id) return { i, id: res.json.id };
      // The recipient reaches messaging's directory by event, shortly after registering.
      last = `${res.status} ${JSON.stringify(res.json)}`;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`POST /api/messages/conversations answered ${last}`);
  });
  if (convFailures.length) throw new Error(String(convFailures[0]));
  const conversationOf = new Map(conversations.map((c) => [c.i, c.id]));

  const sentAt = new Map<number, number>();
  const delays: number[] = [];
  const streamsPerUser = Math.ceil(DELAY_STREAMS / n);
  log(`  opening ${DELAY_STREAMS} streams through the gateway (${streamsPerUser} per user)…`);
  const { done: streams, failures } = await inBatches(DELAY_STREAMS, 100, (s) => {
    const userIndex = s % n;
    return openBenchStream(
      `${stack.gatewayUrl}/api/stream`,
      users[userIndex]!.token,
      (event, data) => {
        if (event !== 'message') return;
        const content = (JSON.parse(data) as { message: { content: string } }).message.content;
        const k = /^bench#(\d+)$/.exec(content)?.[1];
        if (k === undefined) return;
        const number = Number(k);
        // Only the recipient's streams: the sender's get the message too.
        if (((number % n) + 1) % n !== userIndex) return;
        const t0 = sentAt.get(number);
        if (t0 !== undefined) delays.push(performance.now() - t0);
      },
    );
  });
  if (failures.length) log(`  ${failures.length} streams failed to open: ${String(failures[0])}`);
  const perUser = new Array<number>(n).fill(0);
  streams.forEach((_s, idx) => (perUser[idx % n]! += 1));

  log(`  ${DELAY_MESSAGES} replies, ${DELAY_SENDERS} in flight at once…`);
  let expected = 0;
  const { failures: sendFailures } = await inBatches(DELAY_MESSAGES, DELAY_SENDERS, async (k) => {
    const sender = k % n;
    sentAt.set(k, performance.now());
    const res = await api(
      'POST',
      `/messages/conversations/${conversationOf.get(sender)}/messages`,
      {
        token: users[sender]!.token,
        body: { content: `bench#${k}` },
      },
    );
    if (res.status !== 201) throw new Error(`reply answered ${res.status}`);
    expected += perUser[(sender + 1) % n]!;
  });
  // Deliveries still on their way; a lost one shows as expected > delivered.
  await until('deliveries', () => delays.length >= expected, 10_000).catch(() => undefined);
  const sorted = Float64Array.from(delays).sort();
  for (const s of streams) s.close();
  return {
    streams: streams.length,
    failures: failures.length,
    messages: DELAY_MESSAGES,
    sendFailures: sendFailures.length,
    expected,
    delivered: delays.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : NaN,
  };
}

export function formatStreamResult({ capacity: c, delay: d }: StreamBenchResult): string {
  const rows: [string, string][] = [
    ['capacity: streams open (direct)', `${c.streams} of ${CAPACITY_STREAMS}`],
    ['capacity: failures', String(c.failures)],
    ['capacity: stream_open_streams', String(c.serverCount)],
    ['capacity: time to open all', `${c.openSeconds.toFixed(1)} s`],
    ['capacity: svc-stream RSS before', `${c.rssBeforeMb.toFixed(1)} MB`],
    ['capacity: svc-stream RSS after', `${c.rssAfterMb.toFixed(1)} MB`],
    ['capacity: memory per stream', `${c.kbPerStream.toFixed(1)} KB`],
    ['delay: streams open (gateway)', `${d.streams} (${d.failures} failed)`],
    ['delay: replies sent', `${d.messages - d.sendFailures} (${d.sendFailures} failed)`],
    ['delay: deliveries', `${d.delivered} of ${d.expected}`],
    ['delay: write -> event p50', `${d.p50.toFixed(1)} ms`],
    ['delay: write -> event p99', `${d.p99.toFixed(1)} ms (target < ${STREAM_P99_TARGET_MS})`],
    ['delay: write -> event max', `${d.max.toFixed(1)} ms`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n');
}

/** Whether the run missed its bar (for the exit code). */
export function streamBenchFailed({ capacity: c, delay: d }: StreamBenchResult): boolean {
  return (
    c.failures > 0 ||
    d.failures > 0 ||
    d.sendFailures > 0 ||
    d.delivered < d.expected ||
    !(d.p99 < STREAM_P99_TARGET_MS)
  );
}

export async function runStreamBench(log: Log): Promise<StreamBenchResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'forum-bench-stream-'));
  const logFile = path.join(dataDir, 'stack.log');
  let stack: Stack | undefined;
  try {
    log(`Starting the stack (logs: ${logFile})…`);
    stack = await startStack({
      dataDir,
      ports: 'random',
      build: 'stale',
      write: (line) => appendFileSync(logFile, `${line}\n`),
      logLevel: 'warn',
      extraEnv: { AUTH_RATE_LIMIT: '1000000', LOG_LEVEL: 'warn', ACCESS_TOKEN_TTL: '12h' },
    });
    const users = await registerUsers(stack.gatewayUrl, log);
    const capacity = await measureCapacity(stack, users, log);
    const delay = await measureDelay(stack, users, log);
    return { capacity, delay };
  } finally {
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
