import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { JSONCodec, type JetStreamClient, type NatsConnection } from 'nats';
import { Streams, Subjects, createEvent, schemaForSubject, type EventOf } from '@forum/contracts';
import { connectNats, isNatsReady } from './connect.js';
import { ensureStream } from './stream.js';
import { publishEvent } from './publish.js';
import { startConsumer, type ParkedMessage, type RunningConsumer } from './consumer.js';
import { startNats, waitFor, captureLogs, type TestNats } from '../testing/index.js';

type Updated = EventOf<typeof Subjects.UserUpdated>;
const userId = '64b7f0c2a1b2c3d4e5f60718';
const updated = (username: string) =>
  createEvent(Subjects.UserUpdated, { user_id: userId, username, avatar_url: null });

let nats: TestNats;
let nc: NatsConnection;
let js: JetStreamClient;
const { logger, lines } = captureLogs('nats-test');
const running: RunningConsumer[] = [];
let durableSeq = 0;

beforeAll(async () => {
  nats = await startNats();
  nc = await connectNats(nats.url, logger);
  js = nc.jetstream();
  await ensureStream(await nc.jetstreamManager(), {
    ...Streams.identity,
    subjects: [...Streams.identity.subjects],
  });
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((c) => c.stop()));
});
afterAll(async () => {
  await nc?.close();
  await nats?.stop();
});

/** Each test gets its own durable so positions do not interfere. */
function consume(
  handler: (e: Updated) => Promise<void>,
  extra: {
    maxDeliver?: number;
    onPark?: (p: ParkedMessage) => Promise<void>;
    durable?: string;
    ackWaitMs?: number;
  } = {},
) {
  const durable = extra.durable ?? `test-${++durableSeq}`;
  return startConsumer<Updated>({
    js,
    stream: Streams.identity.name,
    durable,
    subjects: [Subjects.UserUpdated],
    schemaFor: (s) => schemaForSubject(s) as never,
    handler,
    logger,
    backoffBaseMs: 20,
    backoffMaxMs: 50,
    ...extra,
  }).then((c) => {
    running.push(c);
    return c;
  });
}

describe('JetStream helpers', () => {
  it('ensureStream is idempotent', async () => {
    const jsm = await nc.jetstreamManager();
    await ensureStream(jsm, { name: 'IDENTITY', subjects: ['identity.>'] });
    const info = await jsm.streams.info('IDENTITY');
    expect(info.config.subjects).toEqual(['identity.>']);
    expect(await isNatsReady(nc)).toBe(true);
  });

  it('bounds every stream by age (7 days), also one created without a bound', async () => {
    const jsm = await nc.jetstreamManager();
    await jsm.streams.add({ name: 'AGELESS', subjects: ['ageless.>'] });
    expect((await jsm.streams.info('AGELESS')).config.max_age).toBe(0);
    await ensureStream(jsm, { name: 'AGELESS', subjects: ['ageless.>'] });
    const week = 7 * 24 * 60 * 60 * 1e9;
    expect((await jsm.streams.info('AGELESS')).config.max_age).toBe(week);
    await ensureStream(jsm, { name: 'FRESH', subjects: ['fresh.>'], maxAgeMs: 600_000 });
    expect((await jsm.streams.info('FRESH')).config.max_age).toBe(600_000 * 1e6);
  });

  it('publishes with the event id as msgID, so a repeat is stored once', async () => {
    const event = updated('dedupe');
    const first = await publishEvent(js, Subjects.UserUpdated, event);
    const second = await publishEvent(js, Subjects.UserUpdated, event);
    expect(first.duplicate).toBe(false);
    expect(second.duplicate).toBe(true);
    expect(second.seq).toBe(first.seq);
  });

  it('refuses to publish an event that breaks the contract', async () => {
    const bad = { ...updated('x'), user_id: 'not-an-id' };
    await expect(publishEvent(js, Subjects.UserUpdated, bad)).rejects.toThrow();
  });

  it('delivers published events to a durable consumer', async () => {
    const seen: string[] = [];
    const durable = `deliver-${++durableSeq}`;
    // Created first so it starts from the stream's beginning like every durable here.
    await consume(async (e) => void seen.push(e.username), { durable });
    const event = updated('delivered');
    await publishEvent(js, Subjects.UserUpdated, event);
    await waitFor(() => seen.includes('delivered'), { what: 'delivery' });
  });

  it('idempotent handlers ignore a second copy of an event id', async () => {
    const processed = new Map<string, number>();
    const handled: string[] = [];
    await consume(async (e) => {
      handled.push(e.id);
      if (processed.has(e.id)) return; // what a unique index does in a service
      processed.set(e.id, 1);
    });
    const event = updated('twice');
    // Raw publishes without msgID get past de-duplication: the consumer sees both copies.
    const codec = JSONCodec();
    await js.publish(Subjects.UserUpdated, codec.encode(event));
    await js.publish(Subjects.UserUpdated, codec.encode(event));
    await waitFor(() => handled.filter((id) => id === event.id).length === 2, {
      what: 'two copies',
    });
    expect(processed.size).toBeGreaterThan(0);
    expect([...processed.keys()].filter((id) => id === event.id)).toHaveLength(1);
  });

  it('a handler that runs longer than the ack wait keeps its event: no second delivery', async () => {
    const handled: string[] = [];
    let releaseSlow = () => {};
    const slowDone = new Promise<void>((resolve) => (releaseSlow = resolve));
    await consume(
      async (e) => {
        // The durable starts at the stream's beginning: earlier tests' events come first.
        if (!['slow', 'last'].includes(e.username)) return;
        handled.push(e.username);
        if (e.username !== 'slow') return;
        // Three ack waits of work: without progress reports the server sends it again.
        await new Promise((r) => setTimeout(r, 3_500));
        releaseSlow();
      },
      { ackWaitMs: 1_000 },
    );
    await publishEvent(js, Subjects.UserUpdated, updated('slow'));
    await slowDone;
    // Events are handled in delivery order: a redelivered 'slow' would come before 'last'.
    await publishEvent(js, Subjects.UserUpdated, updated('last'));
    await waitFor(() => handled.includes('last'), { what: 'the last event', timeoutMs: 10_000 });
    expect(handled).toEqual(['slow', 'last']);
  });

  it('stop() during a handler returns once that handler ends, and the event is kept', async () => {
    let entered = () => {};
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    let finish = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const handled: string[] = [];
    const durable = `stop-${++durableSeq}`;
    const consumer = await consume(
      async (e) => {
        if (e.username !== 'mid-stop') return;
        entered();
        await finished;
        handled.push(e.username);
      },
      { durable },
    );
    await publishEvent(js, Subjects.UserUpdated, updated('mid-stop'));
    await inHandler;
    const stopped = consumer.stop();
    finish();
    // Before: close() waited for an iterator the loop had left, and stop() never returned.
    await stopped;
    expect(handled).toEqual(['mid-stop']);
    const info = await (await nc.jetstreamManager()).consumers.info(Streams.identity.name, durable);
    expect(info.num_ack_pending + info.num_pending).toBe(0);
  });

  it('a durable consumer that was down catches up on restart, without repeats', async () => {
    const durable = `catchup-${++durableSeq}`;
    const seen: string[] = [];
    const handler = async (e: Updated) => void seen.push(e.username);
    const first = await consume(handler, { durable });
    const before = updated('before-downtime');
    await publishEvent(js, Subjects.UserUpdated, before);
    await waitFor(() => seen.includes('before-downtime'));
    await first.stop();

    const missed = ['missed-1', 'missed-2', 'missed-3'];
    for (const name of missed) await publishEvent(js, Subjects.UserUpdated, updated(name));
    seen.length = 0;
    await consume(handler, { durable });
    await waitFor(() => missed.every((m) => seen.includes(m)), { what: 'catch-up' });
    expect(seen.filter((s) => s === 'before-downtime')).toHaveLength(0);
    expect(seen.filter((s) => missed.includes(s))).toEqual(missed);
  });

  it('parks a message whose handler keeps failing, and keeps consuming the next ones', async () => {
    const parked: ParkedMessage[] = [];
    const attempts = new Map<string, number>();
    const done: string[] = [];
    const poison = updated('poison');
    await consume(
      async (e) => {
        attempts.set(e.username, (attempts.get(e.username) ?? 0) + 1);
        if (e.id === poison.id) throw new Error('cannot handle this one');
        done.push(e.username);
      },
      { maxDeliver: 3, onPark: async (p) => void parked.push(p) },
    );
    await publishEvent(js, Subjects.UserUpdated, poison);
    await publishEvent(js, Subjects.UserUpdated, updated('after-poison'));
    await waitFor(() => parked.length === 1 && done.includes('after-poison'), { what: 'parking' });
    expect(attempts.get('poison')).toBe(3);
    expect(parked[0]).toMatchObject({ subject: Subjects.UserUpdated, deliveryCount: 3 });
    expect(parked[0]!.reason).toContain('cannot handle this one');
    expect(JSON.parse(parked[0]!.data).id).toBe(poison.id);
    // No further deliveries after parking.
    await new Promise((r) => setTimeout(r, 200));
    expect(attempts.get('poison')).toBe(3);
    expect(lines.some((l) => l.msg === 'message parked')).toBe(true);
  });

  it('parks an invalid payload at once without calling the handler', async () => {
    const parked: ParkedMessage[] = [];
    const handled: unknown[] = [];
    const durable = `invalid-${++durableSeq}`;
    await consume(async (e) => void handled.push(e), {
      durable,
      onPark: async (p) => void parked.push(p),
    });
    await js.publish(Subjects.UserUpdated, new TextEncoder().encode('{"id":"nope"}'));
    await js.publish(Subjects.UserUpdated, new TextEncoder().encode('not json'));
    await waitFor(() => parked.length === 2, { what: 'parked invalid payloads' });
    expect(parked.map((p) => p.deliveryCount)).toEqual([1, 1]);
    expect(parked[0]!.reason).toContain('invalid payload');
    expect(parked[1]!.reason).toContain('not JSON');
    expect(handled.every((e) => (e as Updated).username !== undefined)).toBe(true);
    // Terminated for good: nothing left pending for redelivery.
    const jsm = await nc.jetstreamManager();
    await waitFor(
      async () => (await jsm.consumers.info('IDENTITY', durable)).num_ack_pending === 0,
      {
        what: 'no pending acks',
      },
    );
  });

  it('keeps consuming across a nats-server restart', async () => {
    const seen: string[] = [];
    await consume(async (e) => void seen.push(e.username));
    await nats.restart();
    await waitFor(() => isNatsReady(nc), { what: 'reconnect', timeoutMs: 15_000 });
    await publishEvent(js, Subjects.UserUpdated, updated('after-restart'));
    await waitFor(() => seen.includes('after-restart'), {
      what: 'delivery after restart',
      timeoutMs: 20_000,
    });
  });
});
