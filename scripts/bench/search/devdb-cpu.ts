/**
 * The dev database's CPU per search command, apart from the services: each search call's page
 * (find) and total (count) as svc-forum sends them for a visitor, run one at a time against a
 * running dev DB (one seeded as the search bench seeds it), reading the dev DB process's CPU
 * time from /proc. Alternate two dev DBs (base and new code) to compare on a shared machine:
 * `node --conditions=source --import tsx scripts/bench/search/devdb-cpu.ts URL PID [runs] [URL PID]...`
 */
import { readFileSync } from 'node:fs';
import { MongoClient, type Document } from 'mongodb';
import type { SearchSort } from '@forum/contracts';
import {
  commentSearchFilter,
  postSearchFilter,
  searchListFilter,
  searchMatch,
  searchRead,
} from '../../../svc-forum/src/domain/search-query.js';
import { SEARCH_FIELDS } from './search-fields.js';

const args = process.argv.slice(2);
const runs = Number(args[2] ?? 40);
const targets: { url: string; pid: string }[] = [{ url: args[0]!, pid: args[1]! }];
for (let i = 3; i + 1 < args.length; i += 2) targets.push({ url: args[i]!, pid: args[i + 1]! });

/** CPU seconds (user + system) of a process so far. */
function cpuOf(pid: string): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const noHidden = { communities: [], posts: [] };
const visitor = (communityId?: unknown): Document =>
  searchListFilter({
    visitor: true,
    removedSeen: [],
    ...(communityId ? { communityId } : {}),
  } as never);

interface Call {
  name: string;
  coll: 'posts' | 'comments';
  q: string;
  sort: SearchSort;
  inCommunity?: boolean;
}
const CALLS: Call[] = [
  { name: 'posts telescope', coll: 'posts', q: 'telescope', sort: 'relevance' },
  { name: 'posts database', coll: 'posts', q: 'database', sort: 'relevance' },
  { name: 'posts two words', coll: 'posts', q: 'database keyboard', sort: 'relevance' },
  { name: 'posts phrase new', coll: 'posts', q: '"running server"', sort: 'new' },
  { name: 'posts c/ top', coll: 'posts', q: 'garden', sort: 'top', inCommunity: true },
  { name: 'comments guitar', coll: 'comments', q: 'guitar', sort: 'relevance' },
];

const clients = await Promise.all(targets.map((t) => MongoClient.connect(t.url)));
try {
  // ONLY=word: the calls whose name holds it.
  for (const call of CALLS.filter((c) => c.name.includes(process.env.ONLY ?? ''))) {
    const line: string[] = [call.name.padEnd(18)];
    for (const [n, target] of targets.entries()) {
      const db = clients[n]!.db('forum');
      const community = call.inCommunity
        ? await db.collection('communities').findOne({ name: 'search_bench' })
        : undefined;
      const list = visitor(community?._id);
      const { filter: match } = searchMatch(call.q);
      const filter = (
        call.coll === 'posts'
          ? postSearchFilter(list, noHidden, match)
          : commentSearchFilter(list, noHidden, match)
      )!;
      const read = searchRead(SEARCH_FIELDS[call.coll], call.sort, 0, 20);
      const coll = db.collection(call.coll);
      const page = () =>
        coll
          .find(filter, { projection: read.projection, sort: read.sort as never })
          .skip(0)
          .limit(20)
          .toArray();
      const count = () => coll.countDocuments(filter);
      for (let i = 0; i < 5; i++) await Promise.all([page(), count()]);
      const parts: string[] = [];
      for (const [what, run] of [
        ['page', page],
        ['count', count],
      ] as const) {
        const before = cpuOf(target.pid);
        for (let i = 0; i < runs; i++) await run();
        parts.push(`${what} ${(((cpuOf(target.pid) - before) * 1e6) / runs).toFixed(0)}`);
      }
      line.push(`#${n} ${parts.join(' ')} µs`);
    }
    console.log(line.join('  '));
  }
} finally {
  await Promise.all(clients.map((c) => c.close()));
}
