import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { Connection } from 'mongoose';
import { mongoReachability } from './mongo-reachability.js';

/** A connection whose driver reports what the test says (no database: the probe is skipped). */
function fakeConnection() {
  const client = new EventEmitter();
  const conn = { readyState: 1, db: undefined, getClient: () => client } as unknown as Connection;
  const report = (...members: { type: string; error?: Error }[]) =>
    client.emit('topologyDescriptionChanged', {
      newDescription: {
        servers: new Map(members.map((m, i) => [`db${i}:27017`, { error: null, ...m }])),
      },
    });
  return { conn, report };
}

const closed = () =>
  Object.assign(new Error('connection 1 to db0:27017 closed'), {
    name: 'MongoNetworkError',
  });
/** The driver's check got no reply in time on an open connection (a busy or paused server). */
const timedOut = () =>
  Object.assign(new Error('connection <monitor> to db0:27017 timed out'), {
    name: 'MongoNetworkTimeoutError',
  });
const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED db0:27017'), {
    name: 'MongoNetworkError',
    cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
  });

describe('mongoReachability', () => {
  it('is reachable while a member answers, a secondary during an election too', () => {
    const { conn, report } = fakeConnection();
    const db = mongoReachability(conn);
    expect(db.reachable()).toBe(true);
    report({ type: 'RSSecondary' }, { type: 'Unknown', error: closed() });
    expect(db.reachable()).toBe(true);
  });

  it('waits within the grace after losing the last member, and passes when one answers again', async () => {
    const { conn, report } = fakeConnection();
    const db = mongoReachability(conn, 1000);
    report({ type: 'Unknown', error: closed() });
    const answer = db.reachable();
    expect(answer).toBeInstanceOf(Promise);
    setTimeout(() => report({ type: 'RSSecondary' }), 20);
    expect(await answer).toBe(true);
  });

  it('gives up when none answers within the grace, then answers false at once', async () => {
    const { conn, report } = fakeConnection();
    const db = mongoReachability(conn, 50);
    report({ type: 'Unknown', error: closed() });
    expect(await db.reachable()).toBe(false);
    expect(db.reachable()).toBe(false);
  });

  it('answers false as soon as every member refuses connections (the process is gone)', async () => {
    const { conn, report } = fakeConnection();
    const db = mongoReachability(conn, 10_000);
    report({ type: 'Unknown', error: closed() });
    const started = performance.now();
    const answer = db.reachable();
    setTimeout(() => report({ type: 'Unknown', error: refused() }), 20);
    expect(await answer).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(db.reachable()).toBe(false);
    report({ type: 'RSPrimary' });
    expect(db.reachable()).toBe(true);
  });

  it('stays reachable while the last member is only slow: its check timed out, the socket open', () => {
    const { conn, report } = fakeConnection();
    // No grace at all: a slow server is waited for by the request itself, not the guard.
    const db = mongoReachability(conn, 0);
    report({ type: 'Unknown', error: timedOut() });
    expect(db.reachable()).toBe(true);
    report({ type: 'Unknown', error: closed() });
    expect(db.reachable()).toBe(false);
    report({ type: 'Unknown', error: timedOut() });
    expect(db.reachable()).toBe(true);
  });

  it('lets waiting requests pass when a lost member turns out slow, and is down again once it refuses', async () => {
    const { conn, report } = fakeConnection();
    const db = mongoReachability(conn, 10_000);
    report({ type: 'Unknown', error: closed() });
    const answer = db.reachable();
    setTimeout(() => report({ type: 'Unknown', error: timedOut() }), 20);
    expect(await answer).toBe(true);
    // The slow process then died: nothing listens any more.
    report({ type: 'Unknown', error: refused() });
    expect(db.reachable()).toBe(false);
  });

  it('takes a timeout the driver wrapped (its cause) as slow too', () => {
    const { conn, report } = fakeConnection();
    const db = mongoReachability(conn, 50);
    report({
      type: 'Unknown',
      error: Object.assign(new Error('wrapped'), { name: 'MongoError', cause: timedOut() }),
    });
    expect(db.reachable()).toBe(true);
  });

  it('waits for a replica set while one member is slow though the others refused', () => {
    const { conn, report } = fakeConnection();
    const db = mongoReachability(conn, 50);
    report({ type: 'Unknown', error: refused() }, { type: 'Unknown', error: timedOut() });
    expect(db.reachable()).toBe(true);
  });

  it('gives a member that was slow and then closed its connections a fresh grace', async () => {
    const { conn, report } = fakeConnection();
    const db = mongoReachability(conn, 50);
    report({ type: 'Unknown', error: closed() });
    expect(await db.reachable()).toBe(false);
    report({ type: 'Unknown', error: timedOut() });
    expect(db.reachable()).toBe(true);
    report({ type: 'Unknown', error: closed() });
    const answer = db.reachable();
    expect(answer).toBeInstanceOf(Promise);
    expect(await answer).toBe(false);
  });
});
