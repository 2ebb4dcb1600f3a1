import type { Doc } from '../bson.js';
import { CommandError } from '../errors.js';
import type { Index } from '../indexes/index.js';
import { TextIndex } from '../indexes/text-index.js';
import { phrasesMatch } from '../text/matcher.js';
import { parseSearch, type ParsedSearch } from '@forum/search-text';
import type { ExecStats, QuerySpec } from './executor.js';
import { sortSteps } from './sort-steps.js';

/** How a `$text` query reads: the postings of its terms in the collection's text index. */
export interface TextPlan {
  kind: 'text';
  index: TextIndex;
  search: ParsedSearch;
}

/** What a text query produced: the page (or count) and each returned document's textScore. */
export interface TextOutcome {
  docs: Doc[];
  n: number;
  scores: Map<Doc, number>;
}

/** A candidate document: its number in the index, its textScore and, when sorted, its key. */
interface Row {
  num: number;
  score: number;
  key: unknown[] | undefined;
}

/** Units of work between pause points. */
const PAUSE_EVERY = 128;

/** The text plan for `spec` over `indexes`: MongoDB's error when there is no text index. */
export function textPlan(indexes: Iterable<Index>, spec: QuerySpec): TextPlan {
  const text = spec.text!;
  for (const index of indexes) {
    if (index instanceof TextIndex) {
      const language = text.language ?? index.text.language;
      return { kind: 'text', index, search: parseSearch(text.search, language) };
    }
  }
  throw new CommandError(27, 'IndexNotFound', 'text index required for $text query');
}

/**
 * Runs a text query, yielding where it may pause. The postings of the query's terms are read
 * in one go (a map walk, no document work): that is the consistent view the rest works on,
 * since stored documents are never changed in place. The candidates (documents with one of
 * the terms, none of the negated ones) are then scored, ordered and tested against the rest
 * of the filter and the phrases lazily: in sort order through a heap, so a page of the best
 * matches tests few more documents than it returns.
 */
export function* textSteps(
  plan: TextPlan,
  spec: QuerySpec,
  stats: ExecStats,
): Generator<void, TextOutcome> {
  const { index, search } = plan;
  // Scores add up per document number, terms in sorted order: as MongoDB's TEXT_OR reads them.
  const acc = new Float64Array(index.docs.length);
  const nums: number[] = [];
  for (const term of search.terms) {
    const posting = index.postings.get(term);
    if (!posting) continue;
    stats.keys += posting.nums.length;
    const { nums: ids, scores } = posting;
    for (let i = 0; i < ids.length; i++) {
      const num = ids[i]!;
      if (acc[num] === 0) nums.push(num);
      acc[num] = acc[num]! + scores[i]!;
    }
  }
  const excluded = new Uint8Array(search.negatedTerms.length ? index.docs.length : 0);
  for (const term of search.negatedTerms) {
    const posting = index.postings.get(term);
    if (!posting) continue;
    stats.keys += posting.nums.length;
    for (const num of posting.nums) excluded[num] = 1;
  }
  const rows: Row[] = [];
  for (const num of nums) if (!excluded[num]) rows.push({ num, score: acc[num]!, key: undefined });
  const docOf = (row: Row): Doc => index.docs[row.num]!;

  const hasPhrases = search.phrases.length > 0 || search.negatedPhrases.length > 0;
  const matches = (doc: Doc): boolean =>
    spec.match(doc) && (!hasPhrases || phrasesMatch(index.text, search, doc));
  const out: TextOutcome = { docs: [], n: 0, scores: new Map() };
  let skipped = 0;
  let work = 0;
  const take = (row: Row): void => {
    if (skipped < spec.skip) {
      skipped++;
      return;
    }
    out.n++;
    if (spec.count) return;
    const doc = docOf(row);
    out.docs.push(doc);
    out.scores.set(doc, row.score);
  };

  if (!spec.sortKey || spec.count) {
    for (const row of rows) {
      if (out.n >= spec.limit) break;
      if (++work % PAUSE_EVERY === 0) yield;
      stats.docs++;
      if (matches(docOf(row))) take(row);
    }
    return out;
  }
  const sortKey = spec.sortKey;
  const keyOf = (row: Row): unknown[] => (row.key ??= sortKey(docOf(row), row.score));
  const byKeys = (a: Row, b: Row): number => spec.compareKeys(keyOf(a), keyOf(b)) || a.num - b.num;
  // Sorted by textScore first (the usual search): the heap orders by score alone and the other
  // keys only order each run of equal scores as it comes out, computed for those rows alone.
  const scoreFirst = spec.sort![0]!.meta !== undefined;
  if (!scoreFirst) {
    for (const row of rows) {
      keyOf(row);
      if (++work % PAUSE_EVERY === 0) yield;
    }
  }
  // Ties in record id order (document numbers follow it), so that pages do not overlap.
  const before = scoreFirst
    ? (a: Row, b: Row): boolean => a.score > b.score || (a.score === b.score && a.num < b.num)
    : (a: Row, b: Row): boolean => byKeys(a, b) < 0;
  const heap = new RowHeap(rows, before);
  for (let i = (rows.length >> 1) - 1; i >= 0; i--) {
    heap.siftDown(i);
    if (++work % PAUSE_EVERY === 0) yield;
  }
  const more = scoreFirst && spec.sort!.length > 1;
  while (out.n < spec.limit) {
    const first = heap.pop();
    if (!first) break;
    const run = [first];
    while (more && heap.peek()?.score === first.score) {
      run.push(heap.pop()!);
      if (++work % PAUSE_EVERY === 0) yield;
    }
    if (run.length > 1) for (const _ of sortSteps(run, byKeys)) yield;
    for (const row of run) {
      if (out.n >= spec.limit) break;
      if (++work % PAUSE_EVERY === 0) yield;
      stats.docs++;
      if (matches(docOf(row))) take(row);
    }
  }
  return out;
}

/** A binary min-heap over rows in place (heapified by the caller, pausing). */
class RowHeap {
  constructor(
    private readonly rows: Row[],
    private readonly before: (a: Row, b: Row) => boolean,
  ) {}

  peek(): Row | undefined {
    return this.rows[0];
  }

  pop(): Row | undefined {
    const { rows } = this;
    const top = rows[0];
    const last = rows.pop();
    if (rows.length > 0 && last) {
      rows[0] = last;
      this.siftDown(0);
    }
    return top;
  }

  siftDown(i: number): void {
    const { rows, before } = this;
    const n = rows.length;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let best = i;
      if (l < n && before(rows[l]!, rows[best]!)) best = l;
      if (r < n && before(rows[r]!, rows[best]!)) best = r;
      if (best === i) return;
      [rows[i], rows[best]] = [rows[best]!, rows[i]!];
      i = best;
    }
  }
}
