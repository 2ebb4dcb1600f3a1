import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Long, UUID } from 'bson';
import mongoose from 'mongoose';
import { afterEach, describe, expect, it } from 'vitest';
import type { Doc } from './bson.js';
import { start } from './server.js';
import { readRecords } from './storage/records.js';
import { usingDevDb } from './testing/harness.js';
import { RawConnection } from './testing/raw-connection.js';
import { spawnCli as spawnDevDb } from './testing/spawn-cli.js';

// These tests exercise the dev server's own storage, so they only make sense without MONGO_URL.
const tmpDirs: string[] = [];
const children: ChildProcess[] = [];

function tmpDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'devdb-test-'));
  tmpDirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of tmpDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs the CLI in a child process on `dbpath`; killed after the test if still running. */
async function spawnCli(dbpath: string): Promise<{ child: ChildProcess; uri: string }> {
  const started = await spawnDevDb(['--dbpath', dbpath]);
  children.push(started.child);
  return started;
}

async function withConn<T>(uri: string, fn: (db: mongoose.mongo.Db) => Promise<T>): Promise<T> {
  const conn = await mongoose.createConnection(uri, { dbName: 'persist' }).asPromise();
  try {
    return await fn(conn.db!);
  } finally {
    await conn.close();
  }
}

describe.skipIf(!usingDevDb)('persistence', () => {
  it('keeps data, indexes and deletions across a clean restart', async () => {
    const dataDir = tmpDir();
    let server = await start({ dataDir });
    await withConn(server.uri, async (db) => {
      await db.collection('c').createIndex({ k: 1 }, { unique: true });
      await db.collection('c').insertMany([{ k: 1 }, { k: 2 }, { k: 3 }]);
      await db.collection('c').deleteOne({ k: 2 });
      await db.collection('c').updateOne({ k: 3 }, { $set: { v: 'x' } });
    });
    await server.stop();
    server = await start({ dataDir });
    await withConn(server.uri, async (db) => {
      expect(
        await db
          .collection('c')
          .find({}, { projection: { _id: 0 } })
          .toArray(),
      ).toEqual([{ k: 1 }, { k: 3, v: 'x' }]);
      await expect(db.collection('c').insertOne({ k: 1 })).rejects.toMatchObject({ code: 11000 });
    });
    await server.stop();
  });

  it('keeps acknowledged writes after kill -9 of the server process', async () => {
    const dataDir = tmpDir();
    const first = await spawnCli(dataDir);
    await withConn(first.uri, async (db) => {
      await db.collection('k').insertMany(Array.from({ length: 500 }, (_, i) => ({ i })));
      await db.collection('k').updateOne({ i: 7 }, { $set: { seven: true } });
      await db.collection('k').deleteOne({ i: 8 });
    });
    const exited = new Promise((r) => first.child.once('exit', r));
    first.child.kill('SIGKILL');
    await exited;
    const second = await spawnCli(dataDir);
    await withConn(second.uri, async (db) => {
      expect(await db.collection('k').countDocuments()).toBe(499);
      expect(await db.collection('k').findOne({ i: 7 })).toMatchObject({ seven: true });
    });
    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.once('exit', r));
  }, 60_000);

  it('ignores a torn or corrupt last journal record', async () => {
    for (const damage of ['garbage', 'truncate', 'flip'] as const) {
      const dataDir = tmpDir();
      let server = await start({ dataDir });
      await withConn(server.uri, async (db) => {
        await db.collection('t').insertOne({ n: 1 });
        await db.collection('t').insertOne({ n: 2 });
      });
      // Simulate a crash: copy the journal before the clean stop compacts it away.
      const journal = path.join(dataDir, 'journal.bin');
      const bytes = fs.readFileSync(journal);
      await server.stop();
      fs.rmSync(path.join(dataDir, 'snapshot.bin'));
      if (damage === 'garbage')
        fs.writeFileSync(journal, Buffer.concat([bytes, Buffer.from('\x40\x00\x00\x00garbage!')]));
      if (damage === 'truncate') fs.writeFileSync(journal, bytes.subarray(0, bytes.length - 5));
      if (damage === 'flip') {
        const copy = Buffer.from(bytes);
        copy.writeUInt8(copy.readUInt8(copy.length - 3) ^ 0xff, copy.length - 3);
        fs.writeFileSync(journal, copy);
      }
      server = await start({ dataDir });
      await withConn(server.uri, async (db) => {
        const ns = (await db.collection('t').find().toArray()).map((d) => d.n);
        expect(ns).toEqual(damage === 'garbage' ? [1, 2] : [1]);
        // The store keeps working and new writes survive another restart.
        await db.collection('t').insertOne({ n: 3 });
      });
      await server.stop();
      server = await start({ dataDir });
      await withConn(server.uri, async (db) => {
        expect((await db.collection('t').find().toArray()).map((d) => d.n)).toContain(3);
      });
      await server.stop();
    }
  });

  it('compacts the journal into a snapshot and recovers from both', async () => {
    const dataDir = tmpDir();
    let server = await start({ dataDir, compactBytes: 4096 });
    await withConn(server.uri, async (db) => {
      for (let i = 0; i < 20; i++)
        await db
          .collection('s')
          .insertMany(Array.from({ length: 20 }, (_, j) => ({ i, j, pad: 'x'.repeat(50) })));
      await db.collection('s').deleteMany({ i: 0 });
    });
    expect(fs.existsSync(path.join(dataDir, 'snapshot.bin'))).toBe(true);
    expect(fs.statSync(path.join(dataDir, 'journal.bin')).size).toBeLessThan(8192);
    // Restart without a clean stop's final compaction: copy the files as they are now.
    const crashDir = tmpDir();
    await withConn(server.uri, async (db) => db.collection('s').insertOne({ i: 99 }));
    for (const f of fs.readdirSync(dataDir))
      fs.copyFileSync(path.join(dataDir, f), path.join(crashDir, f));
    await server.stop();
    server = await start({ dataDir: crashDir });
    await withConn(server.uri, async (db) => {
      expect(await db.collection('s').countDocuments()).toBe(381);
    });
    await server.stop();
  });

  it('journals a committed transaction as one record, and nothing of an aborted or open one', async () => {
    const dataDir = tmpDir();
    const server = await start({ dataDir });
    const journal = path.join(dataDir, 'journal.bin');
    await withConn(server.uri, async (db) => {
      await db.collection('t').insertOne({ _id: 'base' } as never);
      const committedFrom = fs.statSync(journal).size;
      const session = db.client.startSession();
      await session.withTransaction(async () => {
        await db.collection('t').insertOne({ _id: 'one' } as never, { session });
        await db
          .collection('t')
          .updateOne({ _id: 'base' } as never, { $set: { v: 1 } }, { session });
        await db.collection('u').insertOne({ _id: 'two' } as never, { session });
      });
      const appended = journalRecords(fs.readFileSync(journal).subarray(committedFrom));
      expect(appended.map((r) => r.op)).toEqual(['batch']);
      expect((appended[0]!.ops as Doc[]).map((r) => r.op)).toEqual([
        'put',
        'put',
        'createColl',
        'put',
      ]);

      session.startTransaction();
      await db.collection('t').insertOne({ _id: 'ABORTED_MARKER' } as never, { session });
      await session.abortTransaction();
      const open = db.client.startSession();
      open.startTransaction();
      await db.collection('t').insertOne({ _id: 'OPEN_MARKER' } as never, { session: open });
      // Another database keeps committing (and journaling) meanwhile.
      await db.client.db('elsewhere').collection('x').insertOne({ a: 1 });
      const bytes = fs.readFileSync(journal);
      expect(bytes.includes('ABORTED_MARKER')).toBe(false);
      expect(bytes.includes('OPEN_MARKER')).toBe(false);
      await open.abortTransaction();
      await open.endSession();
      await session.endSession();
    });
    await server.stop();
  });

  it('recovers all or none of a transaction whose journal record was cut short', async () => {
    const dataDir = tmpDir();
    const server = await start({ dataDir });
    const journal = path.join(dataDir, 'journal.bin');
    let batchFrom = 0;
    await withConn(server.uri, async (db) => {
      await db.collection('t').insertOne({ _id: 'before' } as never);
      batchFrom = fs.statSync(journal).size;
      const session = db.client.startSession();
      await session.withTransaction(async () => {
        for (let i = 0; i < 50; i++) {
          await db.collection('t').insertOne({ _id: `in${i}`, pad: 'x'.repeat(100) } as never, {
            session,
          });
        }
      });
      await session.endSession();
    });
    // The journal as a crash would leave it (a clean stop folds it into a snapshot).
    const bytes = fs.readFileSync(journal);
    await server.stop();
    const half = Math.floor((batchFrom + bytes.length) / 2);
    for (const cut of [batchFrom + 8, half, bytes.length - 1, bytes.length]) {
      const crashed = tmpDir();
      fs.writeFileSync(path.join(crashed, 'journal.bin'), bytes.subarray(0, cut));
      const restarted = await start({ dataDir: crashed });
      await withConn(restarted.uri, async (db) => {
        expect(await db.collection('t').countDocuments()).toBe(cut === bytes.length ? 51 : 1);
      });
      await restarted.stop();
    }
  });

  it('forgets a transaction that was open when the server was killed', async () => {
    const dataDir = tmpDir();
    const first = await spawnCli(dataDir);
    const conn = await RawConnection.open(first.uri);
    const txn = { lsid: { id: new UUID() }, txnNumber: Long.fromNumber(1), autocommit: false };
    expect(
      await conn.command({ insert: 'k', documents: [{ _id: 'committed' }], $db: 'persist' }),
    ).toMatchObject({ ok: 1 });
    const open = { ...txn, startTransaction: true, $db: 'persist' };
    expect(
      await conn.command({ insert: 'k', documents: [{ _id: 'uncommitted' }], ...open }),
    ).toMatchObject({ ok: 1 });
    const exited = new Promise((r) => first.child.once('exit', r));
    first.child.kill('SIGKILL');
    await exited;
    conn.close();
    const second = await spawnCli(dataDir);
    await withConn(second.uri, async (db) => {
      expect(await db.collection('k').find().toArray()).toEqual([{ _id: 'committed' }]);
    });
  }, 60_000);
});

function journalRecords(buf: Buffer): Doc[] {
  const out: Doc[] = [];
  readRecords(buf, (rec) => out.push(rec));
  return out;
}
