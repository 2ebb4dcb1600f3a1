/**
 * The search bench's calls without the stack, for profiling: an in-process dev DB seeded as the
 * bench seeds it (seed-search.ts), then each posts/comments call run through svc-forum's use
 * case (the same find + count) one at a time: wall time and CPU time (user + system) per call.
 * `node --conditions=source --import tsx [--cpu-prof] scripts/bench/search/profile-search.ts [runs]`
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import mongoose from 'mongoose';
import { start } from '../../../packages/devdb/src/index.js';
import { createForumModels } from '../../../svc-forum/src/models/index.js';
import { searchComments } from '../../../svc-forum/src/use-cases/search-comments.js';
import { searchPosts } from '../../../svc-forum/src/use-cases/search-posts.js';
import { SEARCH_SIZE } from './run-search.js';
import { seedSearch } from './seed-search.js';

const runs = Number(process.argv[2] ?? 40);
/** `--profile DIR`: a CPU profile of each call's measured runs, DIR/<n>.cpuprofile. */
const profileAt = process.argv.indexOf('--profile');
const profileDir = profileAt > 0 ? process.argv[profileAt + 1] : undefined;
const session = new Session();
session.connect();
const db = await start({ port: 0 });
try {
  const { communityName } = await seedSearch(db.uri, 'forum', SEARCH_SIZE);
  const conn = mongoose.createConnection(db.uri, { dbName: 'forum', autoIndex: false });
  await conn.asPromise();
  const models = createForumModels(conn);
  const base = { limit: 20, offset: 0, sort: 'relevance' } as const;
  const calls: [string, () => Promise<{ total: number }>][] = [
    ['posts: a rare word', () => searchPosts(models, undefined, { ...base, q: 'telescope' })],
    ['posts: a common word', () => searchPosts(models, undefined, { ...base, q: 'database' })],
    ['posts: two words', () => searchPosts(models, undefined, { ...base, q: 'database keyboard' })],
    [
      'posts: a phrase, newest',
      () => searchPosts(models, undefined, { ...base, q: '"running server"', sort: 'new' }),
    ],
    [
      'posts: word, in c/, top',
      () =>
        searchPosts(models, undefined, {
          ...base,
          q: 'garden',
          sort: 'top',
          community: communityName,
        }),
    ],
    ['comments: a word', () => searchComments(models, undefined, { ...base, q: 'guitar' })],
  ];
  for (const [n, [name, call]] of calls.entries()) {
    const { total } = await call();
    for (let i = 0; i < 3; i++) await call();
    if (profileDir) {
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < runs; i++) await call();
    const per = (performance.now() - t0) / runs;
    // CPU time (client and dev DB together, in this process): on a shared machine wall time
    // mostly measures the other work; this is what the call costs.
    const cpu = process.cpuUsage(cpu0);
    const cpuPer = (cpu.user + cpu.system) / 1000 / runs;
    if (profileDir) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(`${profileDir}/${n}.cpuprofile`, JSON.stringify(profile));
    }
    console.log(
      `${name.padEnd(26)} total ${String(total).padStart(6)}  ${per.toFixed(2)} ms/call` +
        `  ${cpuPer.toFixed(2)} ms CPU/call`,
    );
  }
  await conn.close();
} finally {
  await db.stop();
}
