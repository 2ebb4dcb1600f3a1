/**
 * The dev database answering one search call's page or total, profiled: an in-process dev DB
 * seeded as the search bench seeds it, then the command run one at a time; CPU per call (the
 * driver's included) and, with PROFILE=file, a CPU profile of the measured runs alone.
 * `node --conditions=source --import tsx scripts/bench/search/profile-devdb.ts
 *   [posts|comments] q [relevance|new|top] [page|count] [runs]`
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { MongoClient } from 'mongodb';
import type { SearchSort } from '@forum/contracts';
import { start } from '../../../packages/devdb/src/index.js';
import {
  commentSearchFilter,
  postSearchFilter,
  searchListFilter,
  searchMatch,
  searchRead,
} from '../../../svc-forum/src/domain/search-query.js';
import { SEARCH_FIELDS } from './search-fields.js';
import { SEARCH_SIZE } from './run-search.js';
import { seedSearch } from './seed-search.js';

const [collName = 'posts', q = 'database', sort = 'relevance', what = 'page', runsArg] =
  process.argv.slice(2);
const runs = Number(runsArg ?? 300);
const db = await start({ port: 0 });
try {
  await seedSearch(db.uri, 'forum', SEARCH_SIZE);
  const client = await MongoClient.connect(db.uri);
  const coll = client.db('forum').collection(collName);
  const list = searchListFilter({ visitor: true, removedSeen: [] });
  const hidden = { communities: [], posts: [] };
  const { filter: match } = searchMatch(q);
  const filter = (
    collName === 'posts'
      ? postSearchFilter(list, hidden, match)
      : commentSearchFilter(list, hidden, match)
  )!;
  const read = searchRead(
    SEARCH_FIELDS[collName === 'posts' ? 'posts' : 'comments'],
    sort as SearchSort,
    0,
    20,
  );
  const run = () =>
    what === 'count'
      ? coll.countDocuments(filter)
      : coll
          .find(filter, { projection: read.projection, sort: read.sort as never })
          .limit(20)
          .toArray();
  for (let i = 0; i < 20; i++) await run();
  const session = new Session();
  session.connect();
  if (process.env.PROFILE) {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < runs; i++) await run();
  const cpu = process.cpuUsage(cpu0);
  if (process.env.PROFILE) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(process.env.PROFILE, JSON.stringify(profile));
  }
  console.log(
    `${collName} ${q} ${sort} ${what}: ${((cpu.user + cpu.system) / runs).toFixed(0)} µs CPU per call (client included)`,
  );
  await client.close();
} finally {
  await db.stop();
}
