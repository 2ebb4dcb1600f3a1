/**
 * The text search figure of the devdb bench: 50,000 posts of about 50 words (a Zipf-like
 * vocabulary of 5,000 made-up words, some with English suffixes), a text index on title and
 * content, and the services' search: two words, sorted by textScore then _id, first page of 20.
 * Server-side, in-process (no driver in the way).
 */
import type { Doc } from './bson.js';
import { dispatch } from './commands/dispatch.js';

const SYLLABLES = ['ka', 'lo', 'mi', 'ren', 'tus', 'ba', 'dor', 'fe', 'gin', 'hal'];
const SUFFIXES = ['', '', '', 'ing', 's', 'ed', 'ness'];
const VOCABULARY = 5_000;
const DOCS = 50_000;

/** A deterministic pseudo-random generator (mulberry32), so every run measures the same data. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function word(i: number): string {
  let w = '';
  for (let n = i + SYLLABLES.length; n > 0; n = Math.floor(n / SYLLABLES.length)) {
    w += SYLLABLES[n % SYLLABLES.length];
  }
  return w;
}

function corpus(): Doc[] {
  const rand = random(42);
  // Zipf: word i drawn with probability ~ 1 / (i + 1), by inverting the cumulative sums.
  const cumulative: number[] = [];
  let total = 0;
  for (let i = 0; i < VOCABULARY; i++) cumulative.push((total += 1 / (i + 1)));
  const pick = (): string => {
    const x = rand() * total;
    let lo = 0;
    let hi = VOCABULARY - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return word(lo) + SUFFIXES[Math.floor(rand() * SUFFIXES.length)]!;
  };
  const sentence = (n: number): string => Array.from({ length: n }, pick).join(' ');
  return Array.from({ length: DOCS }, (_, i) => ({
    community_id: `c${i % 20}`,
    removed: i % 17 === 0,
    title: sentence(6),
    content: sentence(44),
  }));
}

export async function textSearchBench(ctx: Parameters<typeof dispatch>[1]): Promise<void> {
  const docs = corpus();
  for (let i = 0; i < docs.length; i += 10_000) {
    await dispatch({ insert: 'posts', documents: docs.slice(i, i + 10_000) }, ctx);
  }
  let t0 = performance.now();
  const key = { title: 'text', content: 'text' };
  const index = { key, name: 'search', weights: { title: 3, content: 1 } };
  await dispatch({ createIndexes: 'posts', indexes: [index] }, ctx);
  const build = performance.now() - t0;
  console.log(
    `text index build, 50k docs x 50 words: ${build.toFixed(0)} ms; search sorted by textScore then _id, first 20 (ms per query):`,
  );
  const score = { $meta: 'textScore' };
  const cases: [string, Doc][] = [
    ['2 rare words', { $text: { $search: `${word(900)} ${word(2500)}` } }],
    ['2 mid words', { $text: { $search: `${word(60)}ing ${word(250)}` } }],
    ['2 common words', { $text: { $search: `${word(3)} ${word(8)}s` } }],
    [
      '2 mid words + community',
      { $text: { $search: `${word(60)} ${word(250)}` }, community_id: 'c3', removed: false },
    ],
  ];
  for (const [name, filter] of cases) {
    // The services' relevance order: the score, then _id for stable pages.
    const sort = { score, _id: -1 };
    const cmd = { find: 'posts', filter, projection: { score }, sort, limit: 20 };
    const count = (await dispatch({ count: 'posts', query: filter }, ctx)) as Doc;
    const runs = 50;
    t0 = performance.now();
    for (let r = 0; r < runs; r++) await dispatch(cmd, ctx);
    const per = (performance.now() - t0) / runs;
    console.log(
      `  ${name.padEnd(24)} ${String(count.n).padStart(6)} matches ${per.toFixed(2).padStart(8)}`,
    );
  }
}
