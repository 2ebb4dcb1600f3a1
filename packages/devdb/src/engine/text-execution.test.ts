import { parseSearch } from '@forum/search-text';
import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import type { Doc } from '../bson.js';
import { TextIndex } from '../indexes/text-index.js';
import { documentTermScores } from '../text/score.js';
import { matchesSearch } from '../text/matcher.js';
import { fixTextSpec } from '../text/text-spec.js';
import { Collection } from './collection.js';
import { runQuery } from './executor.js';
import { makeQuery } from './mingo.js';
import { compareSortKeys, parseSort, querySpec, sortKeyOf } from './query.js';

/** A deterministic pseudo-random generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Owners as the services store them: ObjectIds, read back as other instances of equal ids. */
const OWNERS = ['64b000000000000000000001', '64b000000000000000000002', '64b000000000000000000003'];
const owner = (i: number) => new ObjectId(OWNERS[i]!);

const WORDS = ['red', 'fox', 'runs', 'running', 'blue', 'Café', 'cafe', 'lake', 'the', 'jumps'];

/** Documents with arrays, missing fields and repeated values where the sorts read them. */
function collection(): Collection {
  const rand = random(7);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const sentence = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const coll = new Collection('db', 'c', () => ({ append: () => {} }));
  for (let i = 0; i < 300; i++) {
    const doc: Doc = { _id: i, title: sentence(3), body: sentence(8) };
    const r = rand();
    if (r < 0.6) doc.n = Math.floor(rand() * 5);
    else if (r < 0.8) doc.n = [Math.floor(rand() * 5), Math.floor(rand() * 5)];
    if (rand() < 0.7) doc.flag = rand() < 0.5;
    // Columns (text-columns.ts) code missing, null, booleans, strings and ObjectIds; arrays
    // and numbers read the document.
    const o = rand();
    if (o < 0.6) doc.owner = owner(Math.floor(rand() * 3));
    else if (o < 0.7) doc.owner = null;
    else if (o < 0.8) doc.owner = [owner(0), owner(2)];
    else if (o < 0.9) doc.owner = 7;
    // First sort keys compared as numbers where both are numbers or both dates (text-sort):
    // mixed with NaN, other types and missing ones, which take the general comparison.
    const w = rand();
    if (w < 0.35) doc.when = new Date(Date.UTC(2026, 0, 1 + Math.floor(rand() * 4)));
    else if (w < 0.6) doc.when = Math.floor(rand() * 4) - 1.5;
    else if (w < 0.65) doc.when = NaN;
    else if (w < 0.7) doc.when = -0;
    else if (w < 0.8) doc.when = pick(['a', 'b']);
    doc.state = pick(['open', 'closed', 'open']);
    doc.terms = sentence(3).toLowerCase().split(' ');
    // Arrays of strings, sometimes with a non-string element (mingo, the reference here, does
    // not match a scalar with $all as MongoDB does: text-search.int.test.ts covers scalars).
    if (rand() < 0.8) doc.tag = [pick(['red', 'blue']), pick(['red', 'lake', 3])];
    coll.insert(doc);
  }
  const raw = { key: { title: 'text', body: 'text' }, weights: { title: 3 } };
  coll.createIndex(fixTextSpec(raw, 'search') as never);
  return coll;
}

/** The matches worked out document by document ($search, then the rest), with their scores. */
function matching(coll: Collection, filter: Doc): { doc: Doc; score: number }[] {
  const index = [...coll.indexes.values()].find((i) => i instanceof TextIndex)!;
  const { $text, ...rest } = filter as { $text: { $search: string } };
  const search = parseSearch($text.$search, 'english');
  const residual = makeQuery(rest);
  return [...coll.docs.values()]
    .filter((doc) => matchesSearch(index.text, search, doc) && residual.test(doc))
    .map((doc) => {
      const scores = documentTermScores(index.text, doc);
      return { doc, score: search.terms.reduce((sum, t) => sum + (scores.get(t) ?? 0), 0) };
    });
}

/** Their page in `sort` order. */
function page(found: { doc: Doc; score: number }[], sort: Doc, skip: number, limit: number) {
  const keys = parseSort(sort)!;
  const keyOf = sortKeyOf(keys);
  const compare = compareSortKeys(keys);
  const keyed = found.map(({ doc, score }) => ({ doc, key: keyOf(doc, score) }));
  keyed.sort((a, b) => compare(a.key, b.key));
  return keyed.slice(skip, skip + limit).map(({ doc }) => doc._id);
}

const SEARCHES = [
  'fox',
  'red lake',
  'cafe -blue',
  '"red fox"',
  'running "fox runs"',
  'lake -"blue lake"',
  '"CAFE" jumps',
  // Folded texts are kept joined by a NUL: a phrase holding one must not match across fields.
  '"red\u0000fox" fox',
];
const RESIDUALS: Doc[] = [
  {},
  { flag: false },
  { terms: { $all: ['red', 'fox'] } },
  // $all of strings: answered from the text index's inverted fields, the rest on documents.
  { terms: { $all: ['lake'] } },
  { terms: { $all: ['red', 'nothing'] } },
  { flag: true, terms: { $all: ['blue', 'red', 'blue'] } },
  { tag: { $all: ['red'] }, terms: { $all: ['fox', 'the'] } },
  { tag: { $all: ['red', 'blue'] } },
  { terms: { $all: ['jumps'] }, $or: [{ n: { $gte: 3 } }, { flag: true }] },
  { flag: { $ne: true }, terms: 'lake' },
  // Top-level conditions answered from columns, once per distinct value.
  { owner: { $nin: [owner(0)] }, flag: { $in: [false, true] } },
  { owner: owner(1), state: 'open', flag: { $ne: true } },
  { owner: null, flag: false },
  { owner: { $in: [owner(2), 7] }, state: { $ne: 'closed' } },
  { owner: { $exists: false }, terms: { $all: ['red'] } },
  { _id: { $nin: [1, 2, 3, 40, 41] }, state: 'open', owner: { $ne: owner(2) } },
  // Not compiled by the fast filter: mingo's.
  { $or: [{ n: { $gte: 3 } }, { flag: true }] },
];
const SORTS: Doc[] = [
  { s: { $meta: 'textScore' }, _id: -1 },
  { n: -1, _id: -1 },
  { n: 1, _id: 1 },
  { flag: 1, n: -1, _id: 1 },
  { missing: 1, _id: -1 },
  { when: -1, _id: 1 },
  { when: 1, s: { $meta: 'textScore' }, _id: -1 },
];

/** Every search, residual, sort and page on `coll`, against the document-by-document reading. */
function expectSameAnswers(coll: Collection): number {
  let nonEmpty = 0;
  for (const q of SEARCHES) {
    for (const residual of RESIDUALS) {
      const filter = { $text: { $search: q }, ...residual };
      const count = runQuery(coll, querySpec(filter, { count: true }));
      const found = matching(coll, filter);
      expect(count.n, JSON.stringify(filter)).toBe(found.length);
      for (const sort of SORTS) {
        for (const [skip, limit] of [
          [0, 20],
          [7, 5],
          [0, 1000],
        ] as const) {
          const got = runQuery(coll, querySpec(filter, { sort, skip, limit }));
          const what = `${JSON.stringify(filter)} sort ${JSON.stringify(sort)} ${skip}/${limit}`;
          expect(
            got.docs.map((d) => d._id),
            what,
          ).toEqual(page(found, sort, skip, limit));
          // The page with the total of all matches (a $facet of both): the same page, counted.
          const both = runQuery(coll, { ...querySpec(filter, { sort, skip, limit }), total: true });
          expect(
            both.docs.map((d) => d._id),
            `${what} with total`,
          ).toEqual(got.docs.map((d) => d._id));
          expect(both.total, `${what} total`).toBe(found.length);
          if (got.docs.length > 0) nonEmpty++;
        }
      }
    }
  }
  return nonEmpty;
}

describe('text execution', () => {
  it('answers pages and counts as the document-by-document reading does', () => {
    // The cases must exercise something: most find documents.
    expect(expectSameAnswers(collection())).toBeGreaterThan(300);
  }, 30_000);

  it('keeps answering so after updates, deletes and inserts', () => {
    const coll = collection();
    // Once queried, the inverted fields exist: from then on the writes keep them.
    expectSameAnswers(coll);
    const docs = [...coll.docs.values()];
    for (const [i, doc] of docs.entries()) {
      if (i % 3 === 0) coll.remove(doc);
      else if (i % 3 === 1) {
        const terms = i % 2 ? ['red', 'fox'] : ['lake', 'the'];
        const tag = i % 4 ? ['blue'] : ['red', 'blue'];
        // Some texts change too: phrases must read the new ones, not what was folded before.
        const body = i % 5 === 1 ? 'the Red Fox runs by the lake' : doc.body;
        // Column values change too, to values seen before and to new ones.
        const changed = i % 7 === 1 ? { owner: new ObjectId(), state: 'archived' } : {};
        const flag = i % 2 === 0 ? !doc.flag : doc.flag;
        coll.replace(doc, { ...doc, terms, tag, body, flag, ...changed });
      }
    }
    for (let i = 0; i < 40; i++) {
      coll.insert({
        _id: 1000 + i,
        title: 'red fox',
        body: 'lake',
        terms: ['red', 'fox', 'lake'],
        owner: owner(i % 3),
        state: i % 2 ? 'open' : 'new',
      });
    }
    expect(expectSameAnswers(coll)).toBeGreaterThan(300);
  }, 60_000);
});
