import type { Doc } from '../bson.js';
import { CommandError } from '../errors.js';
import type { Index } from '../indexes/index.js';
import { TextIndex, postingSize } from '../indexes/text-index.js';
import { phrasesTest } from '../text/matcher.js';
import { parseSearch, type ParsedSearch } from '@forum/search-text';
import type { ExecStats, QuerySpec } from './executor.js';
import { sortSteps } from './sort-steps.js';
import { residualTest } from './text-columns.js';
import { requiredDocs, splitRequired } from './text-required.js';
import { textScratch } from './text-scratch.js';
import { candidateKey } from './text-sort.js';

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
  /** Every match, whatever skip and limit (when the spec asks for it). */
  total?: number;
}

/** Scores added up by document number (text-scratch.ts). */
const scratchOf = textScratch((n) => new Float64Array(n));

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
 * matches tests few more documents than it returns (a sort on fields tests the rest of the
 * filter first, and a rare phrase, since every survivor's keys are needed; a count tests each
 * candidate once).
 */
export function* textSteps(
  plan: TextPlan,
  spec: QuerySpec,
  stats: ExecStats,
): Generator<void, TextOutcome> {
  const { index, search } = plan;
  // The filter's `$all`s of strings (a search's every word) answered on document numbers:
  // only the documents holding all of them become candidates, and the rest of the filter is
  // all that is tested on documents.
  const split = splitRequired(spec.filter);
  const required = split && requiredDocs(index, split.required);
  // The rest of the filter, by document number: its conditions on top-level fields from the
  // index's columns (no stored document read for the usual ones), the others on documents.
  let residual = residualTest(index, split ? split.rest : spec.filter);
  // Scores add up per document number, terms in sorted order: as MongoDB's TEXT_OR reads them,
  // in the index's scratch array (no pause until it is all zeros again).
  const acc = scratchOf(index);
  const nums: number[] = [];
  for (const term of search.terms) {
    const posting = index.postings.get(term);
    if (!posting) continue;
    stats.keys += postingSize(posting);
    for (let i = 0; i < posting.length; i += 2) {
      const num = posting[i]!;
      if (required && !required.has(num)) continue;
      if (acc[num] === 0) nums.push(num);
      acc[num] = acc[num]! + posting[i + 1]!;
    }
  }
  required?.release();
  let candidates = nums;
  let scoreOf = new Float64Array(nums.length);
  for (let i = 0; i < nums.length; i++) {
    scoreOf[i] = acc[nums[i]!]!;
    acc[nums[i]!] = 0;
  }
  if (search.negatedTerms.length > 0) {
    const postings = search.negatedTerms
      .map((term) => index.postings.get(term))
      .filter((posting) => posting !== undefined);
    for (const posting of postings) {
      stats.keys += postingSize(posting);
      for (let i = 0; i < posting.length; i += 2) acc[posting[i]!] = 1;
    }
    const kept: number[] = [];
    const keptScores: number[] = [];
    for (let i = 0; i < nums.length; i++) {
      if (acc[nums[i]!] !== 0) continue;
      kept.push(nums[i]!);
      keptScores.push(scoreOf[i]!);
    }
    for (const posting of postings) {
      for (let i = 0; i < posting.length; i += 2) acc[posting[i]!] = 0;
    }
    candidates = kept;
    scoreOf = Float64Array.from(keptScores);
  }
  const { docs } = index;
  // Folded once per query; tested after the cheap residual filter, on its survivors alone.
  let phrases = phrasesTest(index.text, search);
  const out: TextOutcome = { docs: [], n: 0, scores: new Map() };
  let skipped = 0;
  let work = 0;
  const testedUpFront = spec.total === true && !spec.count;
  if (testedUpFront) {
    // A page and the number of all matches (a search's page and total): every candidate is
    // tested once, up front, and the page is ordered from the matches alone.
    const kept: number[] = [];
    const keptScores: number[] = [];
    for (let i = 0; i < candidates.length; i++) {
      if (++work % PAUSE_EVERY === 0) yield;
      stats.docs++;
      const num = candidates[i]!;
      if (!residual(num) || (phrases && !phrases(num, docs[num]!))) continue;
      kept.push(num);
      keptScores.push(scoreOf[i]!);
    }
    candidates = kept;
    scoreOf = Float64Array.from(keptScores);
    out.total = kept.length;
    residual = () => true;
    phrases = undefined;
  }
  const take = (num: number, score: number): void => {
    if (skipped < spec.skip) {
      skipped++;
      return;
    }
    out.n++;
    if (spec.count) return;
    const doc = docs[num]!;
    out.docs.push(doc);
    out.scores.set(doc, score);
  };

  if (!spec.sortKey || spec.count) {
    // A count (or no sort): each candidate tested once, no rows, no scores read.
    for (let i = 0; i < candidates.length && out.n < spec.limit; i++) {
      if (++work % PAUSE_EVERY === 0) yield;
      stats.docs++;
      const num = candidates[i]!;
      if (residual(num) && (!phrases || phrases(num, docs[num]!))) take(num, scoreOf[i]!);
    }
    return out;
  }
  const keyAt = candidateKey(index, spec);
  // Rows: the candidates to order, as positions in the candidate list; keys computed lazily.
  const keys: (unknown[] | undefined)[] = new Array(candidates.length);
  const keyOf = (i: number): unknown[] => (keys[i] ??= keyAt(candidates[i]!, scoreOf[i]!));
  const byKeys = (a: number, b: number): number =>
    spec.compareKeys(keyOf(a), keyOf(b)) || candidates[a]! - candidates[b]!;
  // Sorted by textScore first (the usual search): the heap orders by score alone and the other
  // keys only order each run of equal scores as it comes out, computed for those rows alone;
  // the residual filter is tested lazily, in that order, so a page tests few more documents
  // than it returns.
  const scoreFirst = spec.sort![0]!.meta !== undefined;
  let rows: Int32Array;
  let before: (a: number, b: number) => boolean;
  /** Phrases still to test on the rows in order (sorted by fields: unless tested up front). */
  let phrasesLeft = phrases;
  if (scoreFirst) {
    rows = new Int32Array(candidates.length);
    for (let i = 0; i < rows.length; i++) rows[i] = i;
    // Ties in record id order (document numbers follow it), so that pages do not overlap.
    before = (a, b) =>
      scoreOf[a]! > scoreOf[b]! || (scoreOf[a] === scoreOf[b] && candidates[a]! < candidates[b]!);
  } else {
    // Sorted by fields: every row's keys are needed to find the first, so the residual filter
    // runs first and only its survivors get keys (a selective filter, as a search's $all of its
    // words, leaves few). A rare phrase is tested there too: tested lazily it drained a heap of
    // every candidate for its few matches, and testing costs less than keying a row (folded
    // texts are remembered per document); a common one stays lazy (a page finds its rows early).
    const eager = phrases !== undefined && isRare(phrases, candidates, docs);
    const kept = new Int32Array(candidates.length);
    // The first key as a number where it is one (or a date): most comparisons stop there.
    const firsts = new Float64Array(candidates.length);
    const kinds = new Uint8Array(candidates.length);
    let n = 0;
    for (let i = 0; i < candidates.length; i++) {
      if (++work % PAUSE_EVERY === 0) yield;
      if (!testedUpFront) stats.docs++;
      const num = candidates[i]!;
      if (!residual(num) || (eager && !phrases!(num, docs[num]!))) continue;
      kept[n++] = i;
      const first = keyOf(i)[0];
      if (typeof first === 'number') {
        if (first === first) [kinds[i], firsts[i]] = [NUMBER, first];
      } else if (first instanceof Date) {
        const time = first.getTime();
        if (time === time) [kinds[i], firsts[i]] = [DATE, time];
      }
    }
    rows = kept.subarray(0, n);
    phrasesLeft = eager ? undefined : phrases;
    const dir = spec.sort![0]!.dir;
    before = (a, b) => {
      const kind = kinds[a]!;
      if (kind !== 0 && kind === kinds[b] && firsts[a] !== firsts[b]) {
        return (firsts[a]! < firsts[b]! ? -dir : dir) < 0;
      }
      return byKeys(a, b) < 0;
    };
  }
  const heap = new PositionHeap(rows, before);
  for (let i = (rows.length >> 1) - 1; i >= 0; i--) {
    heap.siftDown(i);
    if (++work % PAUSE_EVERY === 0) yield;
  }
  const more = scoreFirst && spec.sort!.length > 1;
  const matches = scoreFirst
    ? (num: number): boolean => residual(num) && (!phrases || phrases(num, docs[num]!))
    : (num: number): boolean => !phrasesLeft || phrasesLeft(num, docs[num]!);
  while (out.n < spec.limit) {
    const first = heap.pop();
    if (first < 0) break;
    const run = [first];
    while (more && heap.size > 0 && scoreOf[heap.peek()] === scoreOf[first]) {
      run.push(heap.pop());
      if (++work % PAUSE_EVERY === 0) yield;
    }
    if (run.length > 1) for (const _ of sortSteps(run, byKeys)) yield;
    for (const i of run) {
      if (out.n >= spec.limit) break;
      if (++work % PAUSE_EVERY === 0) yield;
      if (scoreFirst && !testedUpFront) stats.docs++;
      if (matches(candidates[i]!)) take(candidates[i]!, scoreOf[i]!);
    }
  }
  return out;
}

/** Kinds of a row's first sort key that compare as plain numbers (0: compare the keys). */
const NUMBER = 1;
const DATE = 2;

/** Candidates a phrase is tried on to tell whether it is rare. */
const PHRASE_SAMPLE = 64;

/** Whether fewer than a quarter of the first candidates hold the phrases. */
function isRare(
  phrases: (num: number, doc: Doc) => boolean,
  candidates: readonly number[],
  docs: readonly (Doc | undefined)[],
): boolean {
  const sample = Math.min(candidates.length, PHRASE_SAMPLE);
  let held = 0;
  for (let i = 0; i < sample; i++) {
    const num = candidates[i]!;
    if (phrases(num, docs[num]!)) held++;
  }
  return held * 4 < sample;
}

/** A binary min-heap of row positions in place (heapified by the caller, pausing). */
class PositionHeap {
  /** Rows still in the heap: rows[0..size). */
  size: number;

  constructor(
    private readonly rows: Int32Array,
    private readonly before: (a: number, b: number) => boolean,
  ) {
    this.size = rows.length;
  }

  /** The first row (the heap must not be empty). */
  peek(): number {
    return this.rows[0]!;
  }

  /** Takes the first row out: -1 when there is none. */
  pop(): number {
    const { rows } = this;
    if (this.size === 0) return -1;
    const top = rows[0]!;
    rows[0] = rows[--this.size]!;
    if (this.size > 0) this.siftDown(0);
    return top;
  }

  siftDown(i: number): void {
    const { rows, before, size: n } = this;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let best = i;
      if (l < n && before(rows[l]!, rows[best]!)) best = l;
      if (r < n && before(rows[r]!, rows[best]!)) best = r;
      if (best === i) return;
      const t = rows[i]!;
      rows[i] = rows[best]!;
      rows[best] = t;
      i = best;
    }
  }
}
