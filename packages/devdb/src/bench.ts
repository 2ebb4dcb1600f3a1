/**
 * `npm run bench -w @forum/devdb`: rough numbers for the dev server on this machine.
 * Runs against a server with a data directory, so write timings include journal fsyncs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import type { Doc } from './bson.js';
import { dispatch } from './commands/dispatch.js';
import { createNode } from './node.js';
import { start } from './server.js';
import { stalls, startCli, stopCli } from './stall-bench.js';
import { textSearchBench } from './text-bench.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'devdb-bench-'));
const ms = (t0: bigint): number => Number(process.hrtime.bigint() - t0) / 1e6;
const fmt = (n: number): string => n.toFixed(1);

async function crud(): Promise<void> {
  const server = await start({ dataDir: path.join(tmp, 'crud') });
  const conn = await mongoose
    .createConnection(server.uri, { dbName: 'bench', maxPoolSize: 100 })
    .asPromise();
  const Item = conn.model(
    'Item',
    new mongoose.Schema({ email: { type: String, index: true }, n: Number, plain: String }),
  );
  await Item.init();

  const docs = Array.from({ length: 10_000 }, (_, i) => ({
    email: `user${i}@example.com`,
    n: i,
    plain: `p${i}`,
  }));
  let t0 = process.hrtime.bigint();
  await Item.insertMany(docs);
  console.log(`insertMany 10,000 docs:            ${fmt(ms(t0))} ms`);

  t0 = process.hrtime.bigint();
  for (let i = 0; i < 2000; i++)
    await Item.findOne({ email: `user${(i * 7919) % 10_000}@example.com` }).lean();
  const indexed = ms(t0);
  console.log(
    `2,000 sequential indexed findOne:  ${fmt(indexed)} ms (${Math.round(2000 / (indexed / 1000))} ops/s)`,
  );

  t0 = process.hrtime.bigint();
  for (let i = 0; i < 200; i++) await Item.findOne({ plain: `p${(i * 7919) % 10_000}` }).lean();
  const scan = ms(t0);
  console.log(
    `  (200 unindexed findOne, scans:   ${fmt(scan)} ms, ${fmt((scan / 200) * 1000)} µs/op vs ${fmt((indexed / 2000) * 1000)} µs/op indexed)`,
  );

  const Counter = conn.model('Counter', new mongoose.Schema({ _id: String, n: Number }));
  await Counter.create({ _id: 'c', n: 0 });
  // Warm the pool first so the figure is about the server, not 100 TCP handshakes.
  await Promise.all(Array.from({ length: 100 }, () => Counter.findById('c').lean()));
  t0 = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: 300 }, () => Counter.updateOne({ _id: 'c' }, { $inc: { n: 1 } })),
  );
  const incMs = ms(t0);
  const total = (await Counter.findById('c').lean())!.n;
  console.log(
    `300 concurrent $inc:               ${fmt(incMs)} ms (total ${total}, ${total === 300 ? 'exact' : 'WRONG'})`,
  );

  t0 = process.hrtime.bigint();
  for (let i = 0; i < 200; i++) {
    await conn.transaction(async (session) => {
      await Counter.updateOne({ _id: 'c' }, { $inc: { n: 1 } }, { session });
      await Item.create([{ email: `txn${i}@example.com`, n: i }], { session });
    });
  }
  const txnMs = ms(t0);
  console.log(
    `200 sequential transactions (2 writes): ${fmt(txnMs)} ms (${fmt((txnMs / 200) * 1000)} µs each)`,
  );

  await conn.close();
  await server.stop();
}

/** A context to run commands in-process (no client or network in the way). */
function benchContext(): Parameters<typeof dispatch>[1] {
  const node = createNode();
  return {
    node,
    store: node.store,
    cursors: node.cursors,
    db: 'bench',
    connectionId: 0,
    remote: '',
  };
}

/** Server-side cost of a lookup with and without an index. */
async function serverSideLookups(): Promise<void> {
  const ctx = benchContext();
  const docs = Array.from({ length: 100_000 }, (_, i) => ({ email: `u${i}@x`, plain: `p${i}` }));
  await dispatch({ insert: 'c', documents: docs }, ctx);
  await dispatch({ createIndexes: 'c', indexes: [{ key: { email: 1 }, name: 'email_1' }] }, ctx);
  const time = async (n: number, filter: (i: number) => Doc): Promise<number> => {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) await dispatch({ find: 'c', filter: filter(i), limit: 1 }, ctx);
    return (ms(t0) / n) * 1000;
  };
  const indexed = await time(5000, (i) => ({ email: `u${(i * 7919) % 100_000}@x` }));
  const byIn = await time(5000, (i) => ({ email: { $in: [`u${i}@x`, `u${i + 1}@x`] } }));
  const scan = await time(20, (i) => ({ plain: `p${99_000 + i}` }));
  console.log(
    `server-side find, 100k docs:       indexed ${fmt(indexed)} µs, $in ${fmt(byIn)} µs, unindexed scan ${fmt(scan)} µs`,
  );
}

/**
 * A community's post list as the services ask for it (first page, a page at offset 1,000,
 * the next page by cursor, the total count) at 1,000 / 10,000 / 100,000 posts, with the
 * list's index and without it. Server-side, in-process: ms per query.
 */
async function listsAtScale(): Promise<void> {
  const sizes = [1_000, 10_000, 100_000];
  const base = Date.UTC(2026, 0, 1);
  const rows: [string, string, string, string][] = [];
  for (const size of sizes) {
    for (const indexed of [true, false]) {
      const ctx = benchContext();
      const posts = Array.from({ length: size }, (_, i) => ({
        community_id: i % 10 === 0 ? 'other' : 'c',
        removed: i % 13 === 0,
        created_at: new Date(base + i * 1000),
        score: i % 500,
        title: `post ${i}`,
      }));
      for (let i = 0; i < size; i += 10_000) {
        await dispatch({ insert: 'posts', documents: posts.slice(i, i + 10_000) }, ctx);
      }
      if (indexed) {
        const key = { community_id: 1, removed: 1, created_at: -1, _id: -1 };
        await dispatch({ createIndexes: 'posts', indexes: [{ key, name: 'list' }] }, ctx);
      }
      const filter = { community_id: 'c', removed: false };
      const sort = { created_at: -1, _id: -1 };
      const cursorAt = new Date(base + Math.floor(size / 2) * 1000);
      const queries: [string, Doc][] = [
        ['first page', { find: 'posts', filter, sort, limit: 20 }],
        ['offset 1,000', { find: 'posts', filter, sort, skip: 1000, limit: 20 }],
        [
          'next page by cursor',
          { find: 'posts', filter: { ...filter, created_at: { $lt: cursorAt } }, sort, limit: 20 },
        ],
        ['count', { count: 'posts', query: filter }],
      ];
      for (const [name, cmd] of queries) {
        // Enough runs for a stable figure without spending minutes on the slow ones.
        const runs = indexed || size <= 10_000 ? 200 : 10;
        const t0 = process.hrtime.bigint();
        for (let r = 0; r < runs; r++) await dispatch(cmd, ctx);
        const per = ms(t0) / runs;
        rows.push([
          size.toLocaleString('en-US'),
          indexed ? 'index' : 'no index',
          name,
          per.toFixed(3),
        ]);
      }
    }
  }
  console.log('post list queries, server-side (ms per query):');
  console.log('  posts     index     query                 ms');
  for (const [size, idx, name, per] of rows) {
    console.log(`  ${size.padEnd(9)} ${idx.padEnd(9)} ${name.padEnd(21)} ${per.padStart(8)}`);
  }
}

async function startup(): Promise<string> {
  const empty = path.join(tmp, 'empty');
  let t0 = process.hrtime.bigint();
  let server = await start({ dataDir: empty });
  console.log(`start-up, empty data dir:          ${fmt(ms(t0))} ms`);
  await server.stop();

  const big = path.join(tmp, 'big');
  server = await start({ dataDir: big });
  const conn = await mongoose.createConnection(server.uri, { dbName: 'bench' }).asPromise();
  const coll = conn.db!.collection('small');
  for (let b = 0; b < 10; b++) {
    await coll.insertMany(
      Array.from({ length: 10_000 }, (_, i) => ({ i: b * 10_000 + i, s: 'abc', t: true })),
    );
  }
  await conn.close();
  await server.stop();

  t0 = process.hrtime.bigint();
  server = await start({ dataDir: big });
  console.log(`start-up, 100k docs on disk:       ${fmt(ms(t0))} ms`);
  await server.stop();
  return big;
}

async function all(): Promise<void> {
  await crud();
  await serverSideLookups();
  await listsAtScale();
  await textSearchBench(benchContext());
  const big = await startup();
  const full = await rss(big);
  const empty = await rss(path.join(tmp, 'empty'));
  console.log(
    `resident memory, 100k small docs:  ${fmt(full)} MB (CLI process incl. tsx; ${fmt(empty)} MB when empty)`,
  );
  await stalls(tmp);
}

/** RSS (MB) of a fresh CLI process once it has loaded `dataDir`. */
async function rss(dataDir: string): Promise<number> {
  const { child } = await startCli(dataDir);
  await new Promise((r) => setTimeout(r, 300));
  const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  await stopCli(child);
  return kb / 1024;
}

try {
  const t0 = process.hrtime.bigint();
  // `npm run bench -w @forum/devdb -- --stalls`: only the longest-stall table.
  if (process.argv.includes('--stalls')) await stalls(tmp);
  // `-- --text`: only the text search figure.
  else if (process.argv.includes('--text')) await textSearchBench(benchContext());
  else await all();
  console.log(`(bench total ${fmt(ms(t0) / 1000)} s)`);
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
