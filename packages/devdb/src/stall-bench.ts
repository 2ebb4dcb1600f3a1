/**
 * How long one heavy operation keeps the server from answering anybody else: the server runs
 * in its own process (as `npm run devdb` does), connection 1 runs each operation over 100,000
 * documents while connection 2 pings in a loop, and the longest gap between two of its
 * answers is the stall the rest of the site would see. Also: start-up on such a data dir.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mongoose from 'mongoose';

type Doc = Record<string, unknown>;
const here = path.dirname(fileURLToPath(import.meta.url));
const N = 100_000;

/** The dev DB's CLI in a child process on a free port, serving `dataDir`. */
export async function startCli(dataDir: string): Promise<{ child: ChildProcess; uri: string }> {
  const child = spawn(
    process.execPath,
    [
      '--conditions=source',
      '--import',
      'tsx',
      path.join(here, 'cli.ts'),
      '--port',
      '0',
      '--dbpath',
      dataDir,
      '--quiet',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const uri = await new Promise<string>((resolve) =>
    child.stdout!.once('data', (b: Buffer) => resolve(b.toString().trim())),
  );
  return { child, uri };
}

export async function stopCli(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

const rows = (from: number, n: number): Doc[] =>
  Array.from({ length: n }, (_, j) => {
    const i = from + j;
    return { _id: i, k: i % 1000, g: i % 100, n: i, s: `s${i}` };
  });

/** A pinging child process: `measure(op)` runs `op` and says how the pings fared meanwhile. */
async function startPinger(uri: string): Promise<{
  measure(op: () => Promise<unknown>): Promise<{ ms: number; worst: number; pings: number }>;
  close(): Promise<void>;
}> {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', path.join(here, 'stall-pinger.ts'), uri],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  await new Promise((r) => child.once('message', r));
  return {
    async measure(op) {
      child.send('start');
      const t0 = performance.now();
      await op();
      const ms = performance.now() - t0;
      const result = new Promise<{ worst: number; pings: number }>((r) =>
        child.once('message', (m) => r(m as { worst: number; pings: number })),
      );
      child.send('stop');
      return { ms, ...(await result) };
    },
    async close() {
      child.send('close');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

export async function stalls(tmp: string): Promise<void> {
  const dataDir = path.join(tmp, 'stalls');
  let { child, uri } = await startCli(dataDir);
  const client = await new mongoose.mongo.MongoClient(uri).connect();
  const pinger = await startPinger(uri);
  const db = client.db('bench');
  const big = db.collection('big');
  await big.createIndex({ k: 1 });
  const results: [string, { ms: number; worst: number; pings: number }][] = [];
  const run = async (name: string, op: () => Promise<unknown>): Promise<void> => {
    results.push([name, await pinger.measure(op)]);
  };

  await run('insertMany 100,000 (one command)', () => big.insertMany(rows(0, N)));
  await run('updateMany all ($inc)', () => big.updateMany({}, { $inc: { n: 1 } }));
  await run('updateMany all (indexed field)', () => big.updateMany({}, { $inc: { k: 1 } }));
  await run('findOneAndUpdate over a sorted scan', () =>
    big.findOneAndUpdate({ n: { $gte: 0 } }, { $set: { t: 1 } }, { sort: { s: -1 } }),
  );
  await run('aggregate $group by 100 keys', () =>
    big
      .aggregate([{ $group: { _id: '$g', total: { $sum: '$n' }, avg: { $avg: '$n' } } }])
      .toArray(),
  );
  await run('aggregate $group one group ($push)', () =>
    big.aggregate([{ $group: { _id: null, ids: { $push: '$_id' } } }]).toArray(),
  );
  await run('aggregate $project + $sort', () =>
    big.aggregate([{ $project: { s: 1 } }, { $sort: { s: -1 } }, { $limit: 5 }]).toArray(),
  );
  await run('aggregate $lookup (indexed) + $count', () =>
    big
      .aggregate([
        { $lookup: { from: 'big', localField: 'n', foreignField: '_id', as: 'self' } },
        { $count: 'n' },
      ])
      .toArray(),
  );
  await run('aggregate $addFields + $count', () =>
    big.aggregate([{ $addFields: { x: { $add: ['$n', 1] } } }, { $count: 'n' }]).toArray(),
  );
  await run('createIndex on 100,000', () => big.createIndex({ s: 1 }));
  await run('deleteMany all', () => big.deleteMany({}));
  // Leave 100,000 documents with three indexes on disk for the start-up figure.
  await big.insertMany(rows(0, N));
  await client.close();
  await pinger.close();
  await stopCli(child);

  const t0 = performance.now();
  ({ child, uri } = await startCli(dataDir));
  const startMs = performance.now() - t0;
  await stopCli(child);

  console.log('one operation over 100,000 documents, another connection pinging meanwhile:');
  console.log('  operation                                    op ms   worst ping gap ms   pings');
  for (const [name, r] of results) {
    console.log(
      `  ${name.padEnd(42)} ${r.ms.toFixed(0).padStart(7)} ${r.worst.toFixed(1).padStart(19)} ${String(r.pings).padStart(7)}`,
    );
  }
  console.log(`start-up (CLI) on 100,000 docs with 3 indexes: ${startMs.toFixed(0)} ms`);
}
