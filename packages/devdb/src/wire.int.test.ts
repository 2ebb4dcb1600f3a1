import net from 'node:net';
import { BSON, Long, UUID } from 'bson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from './testing/harness.js';
import { RawConnection } from './testing/raw-connection.js';

// Raw wire-protocol checks that a driver never exercises on its own.
let db: TestDb;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db.close();
});

const CRC32C_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32c(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC32C_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function header(length: number, requestId: number, opCode: number): Buffer {
  const h = Buffer.alloc(16);
  h.writeInt32LE(length, 0);
  h.writeInt32LE(requestId, 4);
  h.writeInt32LE(0, 8);
  h.writeInt32LE(opCode, 12);
  return h;
}

const bson = (doc: Record<string, unknown>): Buffer => Buffer.from(BSON.serialize(doc));

/** Sends one message and resolves with the first complete reply. */
function roundTrip(message: Buffer): Promise<Buffer> {
  const url = new URL(db.uri.replace(/^mongodb:/, 'http:'));
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port || 27017), url.hostname);
    let data = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      data = Buffer.concat([data, chunk]);
      if (data.length >= 4 && data.length >= data.readInt32LE(0)) {
        socket.end();
        resolve(data.subarray(0, data.readInt32LE(0)));
      }
    });
    socket.on('error', reject);
    socket.write(message);
  });
}

function opMsg(sections: Buffer[], checksum: boolean): Buffer {
  const flags = Buffer.alloc(4);
  flags.writeUInt32LE(checksum ? 1 : 0);
  const body = Buffer.concat([flags, ...sections]);
  const length = 16 + body.length + (checksum ? 4 : 0);
  const msg = Buffer.concat([header(length, 7, 2013), body]);
  if (!checksum) return msg;
  const sum = Buffer.alloc(4);
  sum.writeUInt32LE(crc32c(msg));
  return Buffer.concat([msg, sum]);
}

function replyBody(reply: Buffer): Record<string, unknown> {
  expect(reply.readInt32LE(12)).toBe(2013);
  expect(reply.readInt32LE(8)).toBe(7); // responseTo
  const flags = reply.readUInt32LE(16);
  expect(reply[20]).toBe(0);
  const end = flags & 1 ? reply.length - 4 : reply.length;
  return BSON.deserialize(reply.subarray(21, end));
}

describe('wire protocol', () => {
  it('answers a legacy OP_QUERY isMaster with OP_REPLY', async () => {
    const query = bson({ isMaster: 1 });
    const ns = Buffer.from('admin.$cmd\0');
    const fixed = Buffer.alloc(4);
    const skipReturn = Buffer.alloc(8);
    skipReturn.writeInt32LE(-1, 4);
    const len = 16 + 4 + ns.length + 8 + query.length;
    const reply = await roundTrip(
      Buffer.concat([header(len, 5, 2004), fixed, ns, skipReturn, query]),
    );
    expect(reply.readInt32LE(12)).toBe(1); // OP_REPLY
    expect(reply.readInt32LE(8)).toBe(5);
    expect(reply.readInt32LE(32)).toBe(1); // numberReturned
    const doc = BSON.deserialize(reply.subarray(36));
    expect(doc).toMatchObject({ ismaster: true, ok: 1 });
    expect(doc.maxWireVersion).toBeGreaterThanOrEqual(21);
  });

  it('accepts OP_MSG with a checksum and a kind-1 document sequence', async () => {
    const body = Buffer.concat([
      Buffer.from([0]),
      bson({ insert: 'wire_raw', $db: db.dbName, ordered: true }),
    ]);
    const docs = [bson({ _id: 1, a: 'x' }), bson({ _id: 2, a: 'y' })];
    const ident = Buffer.from('documents\0');
    const size = Buffer.alloc(4);
    size.writeInt32LE(4 + ident.length + docs[0]!.length + docs[1]!.length);
    const seq = Buffer.concat([Buffer.from([1]), size, ident, ...docs]);
    const reply = replyBody(await roundTrip(opMsg([body, seq], true)));
    expect(reply).toMatchObject({ n: 2, ok: 1 });
    const found = replyBody(
      await roundTrip(
        opMsg(
          [
            Buffer.concat([
              Buffer.from([0]),
              bson({ find: 'wire_raw', filter: {}, $db: db.dbName }),
            ]),
          ],
          false,
        ),
      ),
    );
    expect((found.cursor as { firstBatch: unknown[] }).firstBatch).toEqual([
      { _id: 1, a: 'x' },
      { _id: 2, a: 'y' },
    ]);
  });
});

describe('session fields on the wire', () => {
  let conn: RawConnection;
  beforeAll(async () => {
    conn = await RawConnection.open(db.uri);
  });
  afterAll(() => conn.close());

  const n = (value: number) => Long.fromNumber(value);
  const run = (doc: Record<string, unknown>) => conn.command({ ...doc, $db: db.dbName });

  it('answers a retried write from its first reply and applies it once', async () => {
    const lsid = { id: new UUID() };
    const insert = { insert: 'retried', documents: [{ _id: 1 }], lsid, txnNumber: n(1) };
    expect(await run(insert)).toMatchObject({ ok: 1, n: 1 });
    expect(await run(insert)).toMatchObject({ ok: 1, n: 1 });
    const update = {
      update: 'retried',
      updates: [{ q: { _id: 1 }, u: { $inc: { k: 1 } } }],
      lsid,
      txnNumber: n(2),
    };
    expect(await run(update)).toMatchObject({ ok: 1, n: 1, nModified: 1 });
    expect(await run(update)).toMatchObject({ ok: 1, n: 1, nModified: 1 });
    const found = (await run({ find: 'retried', filter: {} })) as {
      cursor: { firstBatch: unknown };
    };
    expect(found.cursor.firstBatch).toEqual([{ _id: 1, k: 1 }]);
    expect(await run({ ...insert, documents: [{ _id: 2 }] })).toMatchObject({
      ok: 0,
      code: 225,
      codeName: 'TransactionTooOld',
    });
  });

  it('answers commit and abort for unknown, committed and aborted transactions', async () => {
    const lsid = { id: new UUID() };
    const txn = (txnNumber: number) => ({ lsid, txnNumber: n(txnNumber), autocommit: false });
    const admin = (name: string, txnNumber: number) =>
      conn.command({ [name]: 1, ...txn(txnNumber), $db: 'admin' });
    const noSuchTransaction = {
      ok: 0,
      code: 251,
      codeName: 'NoSuchTransaction',
      errorLabels: ['TransientTransactionError'],
    };
    expect(await admin('commitTransaction', 5)).toMatchObject(noSuchTransaction);
    expect(await admin('abortTransaction', 5)).toMatchObject(noSuchTransaction);

    const insert = (txnNumber: number, start: boolean) =>
      run({
        insert: 'txn_raw',
        documents: [{ _id: txnNumber }],
        ...txn(txnNumber),
        ...(start ? { startTransaction: true } : {}),
      });
    expect(await insert(6, true)).toMatchObject({ ok: 1, n: 1 });
    expect(await admin('commitTransaction', 6)).toMatchObject({ ok: 1 });
    expect(await admin('commitTransaction', 6)).toMatchObject({ ok: 1 });
    expect(await admin('abortTransaction', 6)).toMatchObject({ ok: 0, code: 256 });
    expect(await insert(6, false)).toMatchObject({ ok: 0, code: 256 });

    expect(await insert(7, true)).toMatchObject({ ok: 1, n: 1 });
    expect(await admin('abortTransaction', 7)).toMatchObject({ ok: 1 });
    expect(await admin('abortTransaction', 7)).toMatchObject(noSuchTransaction);
    expect(await admin('commitTransaction', 7)).toMatchObject(noSuchTransaction);
    expect(await insert(7, false)).toMatchObject(noSuchTransaction);
    expect(await insert(5, true)).toMatchObject({ ok: 0, code: 225 });

    const found = (await run({ find: 'txn_raw', filter: {} })) as {
      cursor: { firstBatch: unknown };
    };
    expect(found.cursor.firstBatch).toEqual([{ _id: 6 }]);
  });
});
