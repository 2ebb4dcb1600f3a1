import type { Doc } from '../bson.js';
import { toCommandError } from '../errors.js';
import type { BTree } from '../indexes/btree.js';
import { recordIdOf, type Index, type IndexKey } from '../indexes/index.js';
import {
  planQuery,
  type IndexPlan,
  type OrPlan,
  type Plan,
  type SortKey,
} from '../indexes/planner.js';
import { compareBound, type Interval } from '../indexes/bounds.js';
import type { Collection } from './collection.js';
import { drive, PAUSE, Slice, type Pausing } from './pausing.js';
import { sortSteps } from './sort-steps.js';
import type { Matcher, TextFilter } from './query.js';
import { textPlan, textSteps, type TextPlan } from './text-execution.js';
import { TextIndex } from '../indexes/text-index.js';

/** What a query asks for, already validated. */
export interface QuerySpec {
  filter: Doc;
  match: Matcher;
  /** Sort keys (undefined: no sort). */
  sort: SortKey[] | undefined;
  /**
   * What a document sorts by (computed once per document for an in-memory sort); `score` is
   * its textScore in a `$text` query.
   */
  sortKey: ((doc: Doc, score?: number) => unknown[]) | undefined;
  compareKeys: (a: unknown[], b: unknown[]) => number;
  /** `{ $natural: 1 | -1 }` asks for a collection scan in (reverse) insertion order; 0: not asked. */
  natural: 0 | 1 | -1;
  skip: number;
  limit: number;
  /** Count matches instead of returning them. */
  count: boolean;
  /**
   * Also count every match, whatever skip and limit (QueryResult.total), where the plan can do
   * both in one pass (a `$text` query); otherwise total stays undefined.
   */
  total?: boolean;
  /** The filter's `$text` (then `filter` and `match` are the rest of it). */
  text: TextFilter | undefined;
}

export interface ExecStats {
  keys: number;
  docs: number;
  returned: number;
  /** Wall time including yields. */
  millis: number;
  yields: number;
}

export interface QueryResult {
  docs: Doc[];
  n: number;
  plan: Plan | TextPlan;
  /** Each returned document's textScore, in a `$text` query. */
  scores?: Map<Doc, number>;
  /** Every match, whatever skip and limit, when the spec asked for it and the plan could. */
  total?: number;
  /** How the plan ended up running: whether keys alone counted, whether a SORT stage ran. */
  countScan: boolean;
  sortInMemory: boolean;
  stats: ExecStats;
}

/** A row of an in-memory sort with the values it sorts by. */
interface Keyed {
  doc: Doc;
  key: unknown[];
}

/** A step that lets the driver pause (yield the event loop) between pieces of work. */
const TICK = Symbol('tick');
type Tick = typeof TICK;
/** Units of work (keys or documents examined, comparisons) between pause points. */
const TICK_EVERY = 128;
/** Keys a count takes between pause points (it does no per-key work but counting). */
const COUNT_CHUNK = 8192;
/** skip + limit up to this keeps only the best rows while scanning (MongoDB's top-k sort). */
const TOP_K_MAX = 1000;

/**
 * What a read sees. Until its first pause it reads the live structures (nothing can change
 * while it runs synchronously); at the first pause it freezes them: copy-on-write clones
 * of the index trees it walks and a list of the collection's documents, taken before any
 * other command runs. Stored documents are never mutated in place, so document references
 * stay valid: the whole read sees the collection as it was when it started.
 */
class ReadView {
  epoch = 0;
  private readonly trees = new Map<Index, BTree<IndexKey, Doc>>();
  private docList: Doc[] | undefined;
  private usesDocs = false;

  /** Registers what the plan reads up front, so a pause freezes all of it. */
  constructor(
    private readonly coll: Collection,
    plan: Plan | TextPlan,
  ) {
    if (plan.kind === 'ixscan') this.tree(plan.index);
    else if (plan.kind === 'or') for (const b of plan.branches) this.tree(b.index);
    else if (plan.kind === 'collscan') this.usesDocs = true;
  }

  tree(index: Index): BTree<IndexKey, Doc> {
    const frozen = this.trees.get(index);
    if (frozen) return frozen;
    if (this.epoch === 0) {
      this.trees.set(index, index.tree);
      return index.tree;
    }
    // An index first used after a pause: too late for a consistent clone. Plans name their
    // index up front, so this does not happen; fail loudly rather than read a moving tree.
    throw new Error(`devdb: index ${index.name} used after the read yielded`);
  }

  docs(): Iterable<Doc> {
    return this.docList ?? this.coll.docs.values();
  }

  /** The documents as a list (frozen or live), for walks that resume at a position. */
  docsArray(): Doc[] {
    return this.docList ?? [...this.coll.docs.values()];
  }

  get size(): number {
    return this.docList?.length ?? this.coll.docs.size;
  }

  get frozenDocs(): Doc[] | undefined {
    return this.docList;
  }

  freeze(): void {
    if (this.epoch > 0) return;
    this.epoch = 1;
    for (const [index, tree] of this.trees) this.trees.set(index, tree.clone());
    if (this.usesDocs) this.docList = [...this.coll.docs.values()];
  }
}

/** Whether a plan counts keys alone (COUNT_SCAN) and whether it needs an in-memory SORT. */
function planShape(plan: Plan, spec: QuerySpec): { countScan: boolean; sortInMemory: boolean } {
  const ix = plan.kind === 'ixscan' ? plan : undefined;
  // An $or counts keys alone when every branch's bounds say all its filter says.
  const orExact = plan.kind === 'or' && plan.branches.every((b) => b.exact);
  return {
    countScan: spec.count && (!!ix?.exact || orExact),
    sortInMemory:
      spec.sortKey !== undefined && !ix?.sortPositions && !(plan.kind === 'or' && plan.sorted),
  };
}

/** Parses nothing: callers validate (compileFilter / parseSort) before planning. */
export function plan(coll: Collection, spec: QuerySpec): Plan | TextPlan {
  if (spec.text) return textPlan(coll.indexes.values(), spec);
  if (spec.natural !== 0 || (spec.sort === undefined && isEmpty(spec.filter) && !spec.count)) {
    return { kind: 'collscan' };
  }
  // A text index answers $text queries only.
  const ordered = coll.allIndexes().filter((i) => !(i instanceof TextIndex));
  return planQuery(ordered, spec.filter, spec.sort);
}

const isEmpty = (d: Doc): boolean => Object.keys(d).length === 0;

/** Runs a query to completion without pausing (writes use this: they must be atomic). */
export function runQuery(coll: Collection, spec: QuerySpec): QueryResult {
  const exec = new Execution(coll, spec);
  const steps = exec.steps();
  try {
    for (let s = steps.next(); !s.done; s = steps.next());
  } catch (err) {
    throw toCommandError(err);
  }
  return exec.result();
}

/**
 * Runs a query, pausing for a macrotask every slice (SLICE_MS) so other connections are served.
 * Returns synchronously when it finishes within the first slice (most queries do).
 */
export function runQueryYielding(
  coll: Collection,
  spec: QuerySpec,
): QueryResult | Promise<QueryResult> {
  const slice = new Slice();
  return drive(queryPausing(coll, spec, slice), slice);
}

/**
 * A query as a step of pausing work (a write's read of its targets): pauses when `slice` is
 * used up, reading a frozen view of the collection from then on, as runQueryYielding does.
 */
export function* queryPausing(
  coll: Collection,
  spec: QuerySpec,
  slice: Slice,
): Pausing<QueryResult> {
  const exec = new Execution(coll, spec);
  const steps = exec.steps();
  for (;;) {
    let s: IteratorResult<Tick, void>;
    try {
      s = steps.next();
    } catch (err) {
      throw toCommandError(err);
    }
    if (s.done) return exec.result();
    if (!slice.over) continue;
    exec.view.freeze();
    exec.stats.yields++;
    yield PAUSE;
  }
}

class Execution {
  readonly view: ReadView;
  readonly plan: Plan | TextPlan;
  readonly stats: ExecStats = { keys: 0, docs: 0, returned: 0, millis: 0, yields: 0 };
  private readonly started = performance.now();
  private docs: Doc[] = [];
  private scores: Map<Doc, number> | undefined;
  private total: number | undefined;
  private n = 0;
  private countScan = false;
  private sortInMemory = false;

  constructor(
    coll: Collection,
    private readonly spec: QuerySpec,
  ) {
    this.plan = plan(coll, spec);
    this.view = new ReadView(coll, this.plan);
  }

  result(): QueryResult {
    this.stats.millis = performance.now() - this.started;
    this.stats.returned = this.spec.count ? this.n : this.docs.length;
    return {
      docs: this.docs,
      n: this.n,
      plan: this.plan,
      countScan: this.countScan,
      sortInMemory: this.sortInMemory,
      stats: this.stats,
      ...(this.scores ? { scores: this.scores } : {}),
      ...(this.total === undefined ? {} : { total: this.total }),
    };
  }

  *steps(): Generator<Tick, void> {
    const { spec, plan } = this;
    if (plan.kind === 'text') {
      this.sortInMemory = spec.sortKey !== undefined && !spec.count;
      const run = textSteps(plan, spec, this.stats);
      for (let s = run.next(); ; s = run.next()) {
        if (s.done) {
          ({ docs: this.docs, n: this.n, scores: this.scores, total: this.total } = s.value);
          return;
        }
        yield TICK;
      }
    }
    const { skip, limit } = spec;
    const shape = planShape(plan, spec);
    if (spec.count && plan.kind === 'collscan' && isEmpty(spec.filter) && spec.natural === 0) {
      // Counting everything: the collection's size (MongoDB answers from metadata too).
      this.n = Math.max(0, Math.min(limit, this.view.size - skip));
      return;
    }
    if (shape.countScan && plan.kind === 'ixscan') {
      this.countScan = true;
      let keys = 0;
      for (const interval of plan.intervals) {
        let after: IndexKey | undefined;
        for (;;) {
          // Resumes after the last key counted, in whatever tree the view holds now.
          const tree = this.view.tree(plan.index);
          const chunk = plan.index.countRange(tree, interval, after, COUNT_CHUNK);
          keys += chunk.n;
          this.stats.keys += chunk.n;
          if (chunk.n < COUNT_CHUNK) break;
          after = chunk.last;
          yield TICK;
        }
      }
      this.n = Math.max(0, Math.min(limit, keys - skip));
      return;
    }
    if (shape.countScan && plan.kind === 'or') {
      // A document may match several branches: count distinct record ids, fetching nothing.
      this.countScan = true;
      const ids = new Set<string>();
      for (const branch of plan.branches) {
        for (const interval of branch.intervals) {
          let after: IndexKey | undefined;
          for (;;) {
            const tree = this.view.tree(branch.index);
            const chunk = branch.index.countRange(tree, interval, after, COUNT_CHUNK, (key) =>
              ids.add(recordIdOf(key)),
            );
            this.stats.keys += chunk.n;
            if (chunk.n < COUNT_CHUNK) break;
            after = chunk.last;
            yield TICK;
          }
        }
      }
      this.n = Math.max(0, Math.min(limit, ids.size - skip));
      return;
    }
    if (!shape.sortInMemory) {
      // Rows arrive in their final order: stop as soon as skip + limit are met. When the keys
      // alone decide a match, the skipped rows are passed over on the keys (MongoDB's SKIP below
      // a FETCH that has no filter left): a deep page fetches only its own documents.
      const keySkip = plan.kind === 'ixscan' && plan.exact ? skip : 0;
      let skipped = keySkip;
      for (const doc of this.matches(keySkip)) {
        if (doc === TICK) {
          yield TICK;
          continue;
        }
        if (skipped < skip) {
          skipped++;
          continue;
        }
        if (spec.count) this.n++;
        else this.docs.push(doc);
        if ((spec.count ? this.n : this.docs.length) >= limit) break;
      }
      return;
    }
    this.sortInMemory = true;
    const sortKey = spec.sortKey!;
    const compare = (a: Keyed, b: Keyed): number => spec.compareKeys(a.key, b.key);
    const k = skip + limit;
    const rows: Keyed[] = [];
    if (k <= TOP_K_MAX) {
      // Keep the best k in order (insertion after equals keeps the sort stable).
      for (const doc of this.matches()) {
        if (doc === TICK) {
          yield TICK;
          continue;
        }
        const row = { doc, key: sortKey(doc) };
        if (rows.length === k && compare(row, rows[k - 1]!) >= 0) continue;
        let lo = 0;
        let hi = rows.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (compare(row, rows[mid]!) < 0) hi = mid;
          else lo = mid + 1;
        }
        rows.splice(lo, 0, row);
        if (rows.length > k) rows.pop();
      }
    } else {
      for (const doc of this.matches()) {
        if (doc === TICK) yield TICK;
        else rows.push({ doc, key: sortKey(doc) });
      }
      for (const _ of sortSteps(rows, compare)) yield TICK;
    }
    const page = rows.slice(skip, skip + limit).map((r) => r.doc);
    if (spec.count) this.n = page.length;
    else this.docs = page;
  }

  /**
   * Matching documents in plan order (FETCH + filter, or COLLSCAN + filter). An exact index
   * walk (its bounds say all the filter says) fetches without testing, and passes over its
   * first `keySkip` keys without fetching them at all.
   */
  private *matches(keySkip = 0): Generator<Doc | Tick> {
    const { match } = this.spec;
    let work = 0;
    if (this.plan.kind === 'collscan') {
      const natural = this.spec.natural;
      if (natural === -1) {
        const all = this.view.docsArray();
        for (let i = all.length - 1; i >= 0; i--) {
          if (++work % TICK_EVERY === 0) yield TICK;
          this.stats.docs++;
          if (match(all[i]!)) yield all[i]!;
        }
        return;
      }
      let i = 0;
      let iter: Iterator<Doc> = this.view.docs()[Symbol.iterator]();
      let epoch = this.view.epoch;
      for (;;) {
        if (this.view.epoch !== epoch) {
          // Frozen: continue from the same position in the list taken at the pause.
          epoch = this.view.epoch;
          iter = this.view.frozenDocs!.slice(i)[Symbol.iterator]();
        }
        const next = iter.next();
        if (next.done) return;
        i++;
        this.stats.docs++;
        if (match(next.value)) yield next.value;
        if (++work % TICK_EVERY === 0) yield TICK;
      }
    }
    if (this.plan.kind === 'or') {
      yield* this.orMatches(this.plan);
      return;
    }
    if (this.plan.kind !== 'ixscan') return;
    const seen = this.plan.index.multikey ? new Set<string>() : undefined;
    const exact = this.plan.exact;
    let pass = exact ? keySkip : 0;
    let resume: IndexKey | undefined;
    if (pass > 0 && !seen && this.plan.intervals.length === 1) {
      // A deep page on one stretch of the index: the skipped keys are passed over in the tree's
      // own loops (about 2 µs a key less than a generator step each), then the walk resumes.
      const { index, intervals, backward } = this.plan;
      for (;;) {
        const want = Math.min(pass, COUNT_CHUNK);
        const chunk = index.passOver(this.view.tree(index), intervals[0]!, backward, resume, want);
        this.stats.keys += chunk.n;
        pass -= chunk.n;
        resume = chunk.last ?? resume;
        if (chunk.n < want) return;
        if (pass === 0) break;
        yield TICK;
      }
    }
    for (const step of this.keys(this.plan, resume)) {
      if (step === TICK) {
        yield TICK;
        continue;
      }
      const [key, doc] = step;
      if (seen) {
        const id = recordIdOf(key);
        if (seen.has(id)) continue;
        seen.add(id);
      }
      if (pass > 0) {
        pass--;
        continue;
      }
      this.stats.docs++;
      if (exact || match(doc)) yield doc;
    }
  }

  /** Documents of every `$or` branch's walk, each once; in sort order when every walk is sorted. */
  private *orMatches(plan: OrPlan): Generator<Doc | Tick> {
    const walks = plan.branches.map((b) => this.keys(b));
    let stream: Iterable<[IndexKey, Doc, ...unknown[]] | Tick>;
    if (plan.sorted) {
      const sortKey = this.spec.sortKey!;
      const keyed = walks.map((w) => withSortKey(w, sortKey));
      const merged = mergeSorted(keyed, (a, b) => this.spec.compareKeys(a[2], b[2]));
      stream = merged;
    } else {
      stream = (function* () {
        for (const w of walks) yield* w;
      })();
    }
    const seen = new Set<string>();
    for (const step of stream) {
      if (step === TICK) {
        yield TICK;
        continue;
      }
      const [key, doc] = step;
      const id = recordIdOf(key);
      if (seen.has(id)) continue;
      seen.add(id);
      this.stats.docs++;
      if (this.spec.match(doc)) yield doc;
    }
  }

  /** Index keys in the plan's intervals: one walk each, merged in sort order when sorted. */
  private *keys(plan: IndexPlan, after?: IndexKey): Generator<[IndexKey, Doc] | Tick> {
    // `after` (a skip already passed over) resumes a walk of a single interval.
    if (!plan.sortPositions || plan.intervals.length <= 1) {
      if (!plan.backward) yield* this.walkForward(plan.index, plan.intervals, after);
      else for (const iv of plan.intervals) yield* this.walkBackward(plan.index, iv, after);
      return;
    }
    const walks = plan.intervals.map((iv) =>
      plan.backward
        ? this.walkBackward(plan.index, iv, after)
        : this.walkForward(plan.index, [iv], after),
    );
    // k-way merge of the $in runs by the sort's index fields.
    const { index, sortPositions: positions } = plan;
    const dirs = this.spec.sort!.map((k) => k.dir);
    const cmp = (a: IndexKey, b: IndexKey): number => {
      for (let i = 0; i < positions.length; i++) {
        const c = compareBound(index.valueAt(a, positions[i]!), index.valueAt(b, positions[i]!));
        if (c !== 0) return c * dirs[i]!;
      }
      return 0;
    };
    yield* mergeSorted(walks, (a, b) => cmp(a[0], b[0]));
  }

  /** One interval's keys in reverse tree order; re-seeks in the frozen clone after a pause. */
  private *walkBackward(
    index: Index,
    interval: Interval,
    after: IndexKey | undefined,
  ): Generator<[IndexKey, Doc] | Tick> {
    let epoch = this.view.epoch;
    let iter = index.scanBackward(this.view.tree(index), interval, after);
    let last = after;
    let work = 0;
    for (;;) {
      if (this.view.epoch !== epoch) {
        epoch = this.view.epoch;
        iter = index.scanBackward(this.view.tree(index), interval, last);
      }
      const n = iter.next();
      if (n.done) return;
      last = n.value[0];
      this.stats.keys++;
      yield n.value;
      if (++work % TICK_EVERY === 0) yield TICK;
    }
  }

  /**
   * The keys of `intervals`, one after the other, each in tree order, in batches the tree's own
   * range loop reads (Index.readRange): under the comment page, the iterator and tuple of each
   * step and the generators of each `$in` value were most of what the dev DB allocated. A batch
   * read before a pause is what the view freezes at it (nothing writes in between), so it is
   * finished as read; the next one is read from the view's tree as it is then, past the batch's
   * last key. `after` resumes the first interval.
   */
  private *walkForward(
    index: Index,
    intervals: Interval[],
    after: IndexKey | undefined,
  ): Generator<[IndexKey, Doc] | Tick> {
    const keys: IndexKey[] = [];
    const docs: Doc[] = [];
    let work = 0;
    let last = after;
    for (const interval of intervals) {
      for (let batch = WALK_BATCH_MIN; ; batch = Math.min(2 * batch, WALK_BATCH_MAX)) {
        const n = index.readRange(this.view.tree(index), interval, last, batch, keys, docs);
        for (let i = 0; i < n; i++) {
          this.stats.keys++;
          yield [keys[i]!, docs[i]!];
          if (++work % TICK_EVERY === 0) yield TICK;
        }
        if (n < batch) break;
        last = keys[n - 1];
      }
      last = undefined;
    }
  }
}

/** A forward walk's first batch; each next one is twice as large, up to WALK_BATCH_MAX. */
const WALK_BATCH_MIN = 16;
const WALK_BATCH_MAX = 512;

/** Adds each row's sort key (computed once) to a walk's rows. */
function* withSortKey(
  walk: Generator<[IndexKey, Doc] | Tick>,
  sortKey: (doc: Doc) => unknown[],
): Generator<[IndexKey, Doc, unknown[]] | Tick> {
  for (const step of walk) yield step === TICK ? TICK : [step[0], step[1], sortKey(step[1])];
}

/** k-way merge of sorted streams (k is small: $in values or $or branches). */
function* mergeSorted<T>(
  streams: Generator<T | Tick>[],
  cmp: (a: T, b: T) => number,
): Generator<T | Tick> {
  const heads: (T | undefined)[] = [];
  const advance = function* (i: number): Generator<Tick> {
    for (;;) {
      const n = streams[i]!.next();
      if (n.done) {
        heads[i] = undefined;
        return;
      }
      if (n.value === TICK) {
        yield TICK;
        continue;
      }
      heads[i] = n.value;
      return;
    }
  };
  for (let i = 0; i < streams.length; i++) yield* advance(i);
  for (;;) {
    let best = -1;
    for (let i = 0; i < heads.length; i++) {
      const h = heads[i];
      if (h !== undefined && (best < 0 || cmp(h, heads[best]!) < 0)) best = i;
    }
    if (best < 0) return;
    yield heads[best]!;
    yield* advance(best);
  }
}

/**
 * Applies `f` to a value that may still be on its way. (Not named `then`: a module exporting
 * `then` is a thenable, and `await import()` of it would call it.)
 */
export function andThen<T, U>(v: T | Promise<T>, f: (t: T) => U): U | Promise<U> {
  return v instanceof Promise ? v.then(f) : f(v);
}

/** A query over a collection that does not exist (MongoDB's EOF plan). */
export function readNothing(): QueryResult {
  return {
    docs: [],
    n: 0,
    plan: { kind: 'collscan' },
    countScan: false,
    sortInMemory: false,
    stats: { keys: 0, docs: 0, returned: 0, millis: 0, yields: 0 },
  };
}
