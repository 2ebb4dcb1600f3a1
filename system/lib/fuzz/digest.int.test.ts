import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevDb, type TestDevDb } from '@forum/service-kit/testing';
import { openDigest } from './digest.js';

let devdb: TestDevDb;
let client: MongoClient;

beforeAll(async () => {
  devdb = await startDevDb();
  client = await MongoClient.connect(devdb.uri);
});

afterAll(async () => {
  await client?.close();
  await devdb?.stop();
});

/** Two services' databases of their own, with one document so the snapshots are not empty. */
async function setup() {
  const prefix = `fz_${randomUUID().slice(0, 8)}_`;
  await client.db(`${prefix}a`).collection('things').insertOne({ n: 0 });
  await client.db(`${prefix}b`).collection('things').insertOne({ n: 0 });
  return { prefix, a: client.db(`${prefix}a`), b: client.db(`${prefix}b`) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the fuzzer digest settle', () => {
  it('without an events probe, returns once two snapshots the quiet time apart agree', async () => {
    const { prefix } = await setup();
    const digest = await openDigest(devdb.uri, prefix, [], { services: ['a', 'b'] });
    const started = Date.now();
    await digest.settle({ quietMs: 300 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    await digest.close();
  });

  it('with nothing in flight, returns without waiting out the quiet time', async () => {
    const { prefix } = await setup();
    let asked = 0;
    const digest = await openDigest(devdb.uri, prefix, [], {
      services: ['a', 'b'],
      eventsIdle: async () => (asked++, true),
    });
    const started = Date.now();
    await digest.settle({ quietMs: 5_000 });
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(asked).toBeGreaterThan(0);
    await digest.close();
  });

  it('waits for an event from its outbox through NATS to its effect in another service', async () => {
    const { prefix, a, b } = await setup();
    // The pipeline, played out: a request's transaction leaves an event in a's outbox; the relay
    // removes it and NATS holds it (pending) until b's handler has written its effect.
    let inFlight = false;
    await a.collection('event_outbox').insertOne({ subject: 'x', created_at: new Date() });
    const pipeline = (async () => {
      await sleep(300);
      await a.collection('event_outbox').deleteMany({});
      inFlight = true;
      await sleep(300);
      await b.collection('effects').insertOne({ from: 'x' });
      inFlight = false;
    })();
    const digest = await openDigest(devdb.uri, prefix, [], {
      services: ['a', 'b'],
      eventsIdle: async () => !inFlight,
    });
    const settled = await digest.settle({ quietMs: 10_000 });
    await pipeline;
    const collections = [...settled.values()].map((d) => d.collection);
    expect(collections).toContain('b.effects');
    expect(collections).not.toContain('a.event_outbox');
    await digest.close();
  });
});
