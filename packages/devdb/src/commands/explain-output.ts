import type { Doc } from '../bson.js';
import type { QueryResult, QuerySpec } from '../engine/executor.js';
import { renderValue } from '../engine/values.js';
import { Edge, MAX_EDGE, MIN_EDGE, type FieldRange } from '../indexes/bounds.js';
import type { IndexPlan } from '../indexes/planner.js';
import type { TextPlan } from '../engine/text-execution.js';

/** What explain reports about one query: MongoDB's `queryPlanner` and `executionStats`. */
export type QueryExplain = Doc & { queryPlanner: Doc; executionStats?: Doc };

/**
 * MongoDB's explain sections for a query devdb ran (or only planned, for the `queryPlanner`
 * verbosity): the winning plan as a stage tree (COLLSCAN / IXSCAN / FETCH / SORT / SKIP /
 * LIMIT / COUNT / COUNT_SCAN) and the counters of the run.
 */
export function explainQuery(
  ns: string,
  spec: QuerySpec,
  result: QueryResult,
  verbosity: string,
  countCommand = false,
): QueryExplain {
  const withStats = verbosity !== 'queryPlanner';
  const tree = stageTree(spec, result, withStats, countCommand);
  const queryPlanner: Doc = {
    namespace: ns,
    indexFilterSet: false,
    parsedQuery: spec.filter,
    winningPlan: strip(tree),
    rejectedPlans: [],
  };
  if (!withStats) return { queryPlanner };
  const returned = countCommand ? 0 : spec.count ? result.n : result.docs.length;
  return {
    queryPlanner,
    executionStats: {
      executionSuccess: true,
      nReturned: returned,
      executionTimeMillis: Math.round(result.stats.millis),
      totalKeysExamined: result.stats.keys,
      totalDocsExamined: result.stats.docs,
      executionStages: tree,
    },
  };
}

/** The winning plan without the run's counters. */
function strip(stage: Doc): Doc {
  const out: Doc = {};
  for (const [k, v] of Object.entries(stage)) {
    if (STAT_FIELDS.has(k)) continue;
    out[k] = k === 'inputStage' ? strip(v as Doc) : v;
  }
  return out;
}

const STAT_FIELDS = new Set(['nReturned', 'keysExamined', 'docsExamined', 'nCounted']);

function stageTree(
  spec: QuerySpec,
  result: QueryResult,
  withStats: boolean,
  countCommand: boolean,
): Doc {
  const { plan, stats } = result;
  const stat = (fields: Doc): Doc => (withStats ? fields : {});
  const n = spec.count ? result.n : result.docs.length;
  let stage: Doc;
  // The executor skips on the keys when they alone decide a match (executor.ts).
  const skipBelowFetch =
    plan.kind === 'ixscan' &&
    plan.exact &&
    spec.skip > 0 &&
    !result.countScan &&
    !result.sortInMemory;
  if (plan.kind === 'text') {
    stage = textStage(plan, spec, stat, stats);
  } else if (plan.kind === 'collscan') {
    stage = {
      stage: 'COLLSCAN',
      ...(Object.keys(spec.filter).length ? { filter: spec.filter } : {}),
      direction: spec.natural === -1 ? 'backward' : 'forward',
      ...stat({ docsExamined: stats.docs }),
    };
  } else if (plan.kind === 'or' && result.countScan) {
    // Every branch's keys decide its matches: OR de-duplicates record ids, no FETCH.
    stage = {
      stage: 'OR',
      ...stat({ keysExamined: stats.keys }),
      inputStages: plan.branches.map((b) => ({ stage: 'IXSCAN', ...ixscanFields(b) })),
    };
  } else if (plan.kind === 'or') {
    // Keys examined are counted for the whole plan, not per branch.
    stage = {
      stage: 'FETCH',
      filter: spec.filter,
      ...stat({ docsExamined: stats.docs }),
      inputStage: {
        stage: plan.sorted ? 'SORT_MERGE' : 'OR',
        ...(plan.sorted ? { sortPattern: sortPattern(spec) } : {}),
        ...stat({ keysExamined: stats.keys }),
        inputStages: plan.branches.map((b) => ({ stage: 'IXSCAN', ...ixscanFields(b) })),
      },
    };
  } else {
    const ix = ixscanFields(plan);
    if (result.countScan) {
      stage = { stage: 'COUNT_SCAN', ...ix, ...stat({ keysExamined: stats.keys }) };
    } else {
      const ixscan: Doc = { stage: 'IXSCAN', ...ix, ...stat({ keysExamined: stats.keys }) };
      stage = {
        stage: 'FETCH',
        ...(plan.exact ? {} : { filter: spec.filter }),
        ...stat({ docsExamined: stats.docs }),
        inputStage: skipBelowFetch
          ? { stage: 'SKIP', skipAmount: spec.skip, inputStage: ixscan }
          : ixscan,
      };
    }
  }
  if (result.sortInMemory) {
    stage = {
      stage: 'SORT',
      sortPattern: sortPattern(spec),
      memLimit: 104857600,
      ...(Number.isFinite(spec.limit) ? { limitAmount: spec.skip + spec.limit } : {}),
      type: 'simple',
      inputStage: stage,
    };
  }
  if (spec.skip > 0 && !skipBelowFetch) {
    stage = { stage: 'SKIP', skipAmount: spec.skip, inputStage: stage };
  }
  if (Number.isFinite(spec.limit)) {
    stage = { stage: 'LIMIT', limitAmount: spec.limit, inputStage: stage };
  }
  if (countCommand) stage = { stage: 'COUNT', ...stat({ nCounted: result.n }), inputStage: stage };
  if (withStats && !('nReturned' in stage)) stage.nReturned = countCommand ? 0 : n;
  return stage;
}

function sortPattern(spec: QuerySpec): Doc {
  return Object.fromEntries(spec.sort!.map((k) => [k.field, k.meta ? { $meta: k.meta } : k.dir]));
}

/**
 * A `$text` query as MongoDB shows it: TEXT_MATCH (negations and phrases) over a FETCH (the
 * rest of the filter) over TEXT_OR, which reads one index range per term and adds up scores.
 */
function textStage(
  plan: TextPlan,
  spec: QuerySpec,
  stat: (fields: Doc) => Doc,
  stats: QueryResult['stats'],
): Doc {
  const { index, search } = plan;
  const ixscan = (term: string): Doc => ({
    stage: 'IXSCAN',
    keyPattern: index.spec.key,
    indexName: index.name,
    isMultiKey: true,
    isUnique: false,
    isSparse: false,
    isPartial: false,
    indexVersion: 2,
    direction: 'backward',
    indexBounds: {},
    term,
  });
  return {
    stage: 'TEXT_MATCH',
    indexPrefix: {},
    indexName: index.name,
    parsedTextQuery: {
      terms: search.terms,
      negatedTerms: search.negatedTerms,
      phrases: search.phrases,
      negatedPhrases: search.negatedPhrases,
    },
    textIndexVersion: 3,
    inputStage: {
      stage: 'FETCH',
      ...(Object.keys(spec.filter).length ? { filter: spec.filter } : {}),
      ...stat({ docsExamined: stats.docs }),
      inputStage: {
        stage: 'TEXT_OR',
        ...stat({ keysExamined: stats.keys }),
        inputStages: search.terms.map(ixscan),
      },
    },
  };
}

function ixscanFields(plan: IndexPlan): Doc {
  return {
    keyPattern: plan.index.spec.key,
    indexName: plan.index.name,
    isMultiKey: plan.index.multikey,
    isUnique: !!plan.index.spec.unique || plan.index.name === '_id_',
    isSparse: false,
    isPartial: false,
    indexVersion: 2,
    direction: plan.backward ? 'backward' : 'forward',
    indexBounds: indexBounds(plan),
  };
}

/** `{ field: ['[1, 1]', '(5, inf.0]'] }` in the walk's order, as MongoDB prints bounds. */
function indexBounds(plan: IndexPlan): Doc {
  const out: Doc = {};
  plan.index.fields.forEach((field, i) => {
    const seen = new Set<string>();
    const reverse = (plan.index.dirs[i] === -1) !== plan.backward;
    for (const iv of plan.intervals) seen.add(renderRange(iv[i]!, reverse));
    out[field] = [...seen];
  });
  return out;
}

function renderRange(r: FieldRange, reverse: boolean): string {
  const lo = renderBound(r.lo);
  const hi = renderBound(r.hi);
  return reverse
    ? `${r.hiIn ? '[' : '('}${hi}, ${lo}${r.loIn ? ']' : ')'}`
    : `${r.loIn ? '[' : '('}${lo}, ${hi}${r.hiIn ? ']' : ')'}`;
}

function renderBound(v: unknown): string {
  if (!(v instanceof Edge)) return renderValue(v);
  if (v === MIN_EDGE) return 'MinKey';
  if (v === MAX_EDGE) return 'MaxKey';
  const low = v.side < 0;
  switch (v.rank) {
    case 3:
      return low ? '-inf.0' : 'inf.0';
    case 4:
      return low ? '""' : '{}';
    case 10:
      return low ? 'new Date(-9223372036854775808)' : 'new Date(9223372036854775807)';
    default:
      return low ? 'MinKey' : 'MaxKey';
  }
}
