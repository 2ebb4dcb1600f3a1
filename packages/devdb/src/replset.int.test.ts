import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from './server.js';
import {
  firstHost,
  openTestDb,
  usingDevDb,
  withUriOption,
  type TestDb,
} from './testing/harness.js';
import { spawnCli, stopCli } from './testing/spawn-cli.js';

const { MongoClient, ObjectId } = mongoose.mongo;

let db: TestDb;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db.close();
});

const hello = () => db.conn.db!.admin().command({ hello: 1 });

/** The topology type the driver settles on after connecting to `uri`. */
async function discoveredType(uri: string): Promise<string> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 5000 });
  let type = 'Unknown';
  client.on('topologyDescriptionChanged', (e) => (type = e.newDescription.type));
  try {
    await client.connect();
    await client.db(db.dbName).command({ ping: 1 });
    return type;
  } finally {
    await client.close();
  }
}

describe('replica-set member identity', () => {
  it('answers hello as the primary of a replica set', async () => {
    const h = await hello();
    expect(h).toMatchObject({ isWritablePrimary: true, secondary: false, setVersion: 1 });
    expect(h.setName).toEqual(expect.any(String));
    expect(h.hosts).toContain(h.primary);
    expect(h.me).toBe(h.primary);
    expect(h.electionId).toBeInstanceOf(ObjectId);
    expect(h.topologyVersion.processId).toBeInstanceOf(ObjectId);
    expect(h.lastWrite.lastWriteDate).toBeInstanceOf(Date);
    expect(h.logicalSessionTimeoutMinutes).toBeGreaterThan(0);
  });

  it('is discovered by the driver as a replica set with a primary, with or without ?replicaSet', async () => {
    const { setName } = await hello();
    const plain = db.uri.split('?')[0]!;
    expect(await discoveredType(plain)).toBe('ReplicaSetWithPrimary');
    expect(await discoveredType(withUriOption(plain, 'replicaSet', setName))).toBe(
      'ReplicaSetWithPrimary',
    );
  });

  it('is not selected under another replica set name', async () => {
    const client = new MongoClient(withUriOption(db.uri, 'replicaSet', 'not-this-set'), {
      serverSelectionTimeoutMS: 1000,
    });
    await expect(client.db(db.dbName).command({ ping: 1 })).rejects.toThrow(/selection/i);
    await client.close();
  });

  it('advertises an address clients can connect to', async () => {
    const { me } = await hello();
    const client = await new MongoClient(`mongodb://${me}/?directConnection=true`).connect();
    expect((await client.db('admin').command({ ping: 1 })).ok).toBe(1);
    await client.close();
  });

  it('answers replSetGetStatus with itself as PRIMARY', async () => {
    const status = await db.conn.db!.admin().command({ replSetGetStatus: 1 });
    expect(status.ok).toBe(1);
    expect(status.set).toBe((await hello()).setName);
    expect(
      status.members.filter((m: { stateStr: string }) => m.stateStr === 'PRIMARY'),
    ).toHaveLength(1);
  });

  it('supports sessions and transactions through the driver', async () => {
    const session = db.conn.getClient().startSession();
    await session.withTransaction(async () => {
      await db.conn.db!.collection('rs_txn').insertOne({ a: 1 }, { session });
    });
    await session.endSession();
    expect(await db.conn.db!.collection('rs_txn').countDocuments()).toBe(1);
  });
});

describe.skipIf(!usingDevDb)('replica-set configuration (devdb)', () => {
  it('reports the port it actually listens on when started on port 0', async () => {
    const server = await start({ port: 0, replSetName: 'custom' });
    const client = await new MongoClient(server.uri).connect();
    const h = await client.db('admin').command({ hello: 1 });
    expect(h.setName).toBe('custom');
    expect(server.replSetName).toBe('custom');
    expect(h.hosts).toEqual([`127.0.0.1:${server.port}`]);
    expect(firstHost(server.uri).port).toBe(server.port);
    await client.close();
    await server.stop();
  });

  it('takes the replica set name from --replSet on the command line', async () => {
    const { child, uri } = await spawnCli(['--replSet', 'clirs']);
    try {
      const client = await new MongoClient(withUriOption(uri, 'replicaSet', 'clirs')).connect();
      expect((await client.db('admin').command({ hello: 1 })).setName).toBe('clirs');
      await client.close();
    } finally {
      await stopCli(child);
    }
  }, 30_000);
});
