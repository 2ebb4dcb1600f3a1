/**
 * Reading `explain('executionStats')` the same way on the embedded dev DB and on MongoDB, whose
 * plans nest differently (SBE's `queryPlan`, SORT_MERGE for $in runs, OR over branches): the
 * helpers walk the whole document instead of naming paths.
 */
type Doc = Record<string, unknown>;

/** Every `stage` named anywhere in an explain document (winning plan and execution stages). */
export function planStages(explain: unknown, out: Doc[] = []): Doc[] {
  if (Array.isArray(explain)) for (const e of explain) planStages(e, out);
  else if (explain && typeof explain === 'object') {
    const d = explain as Doc;
    if (typeof d.stage === 'string') out.push(d);
    // rejectedPlans are plans MongoDB did not run: a COLLSCAN there is no problem.
    for (const [k, v] of Object.entries(d)) {
      if (k !== 'command' && k !== 'rejectedPlans' && k !== 'allPlansExecution') planStages(v, out);
    }
  }
  return out;
}

export interface ExecutionStats {
  nReturned: number;
  totalKeysExamined: number;
  totalDocsExamined: number;
}

/** The first object carrying totalKeysExamined: the query's executionStats. */
export function executionStats(explain: unknown): ExecutionStats {
  let found: Doc | undefined;
  const visit = (v: unknown): void => {
    if (found || !v || typeof v !== 'object') return;
    const d = v as Doc;
    if ('totalKeysExamined' in d) found = d;
    else for (const x of Object.values(d)) visit(x);
  };
  visit(explain);
  if (!found) throw new Error(`no executionStats in ${JSON.stringify(explain).slice(0, 500)}`);
  return {
    nReturned: Number(found.nReturned),
    totalKeysExamined: Number(found.totalKeysExamined),
    totalDocsExamined: Number(found.totalDocsExamined),
  };
}

export interface PlanExpectation {
  /** The query sorts: the index must give the order (no in-memory SORT stage). */
  sorted: boolean;
  /** The most documents the query may fetch (a page: skip + limit + the filter's residual). */
  maxDocsExamined: number;
}

/**
 * What is wrong with a plan, as readable lines (empty when it is fine): a collection scan, an
 * in-memory sort of a sorted query, or more documents fetched than the page needs.
 */
export function planProblems(explain: unknown, expected: PlanExpectation): string[] {
  const names = planStages(explain).map((s) => String(s.stage));
  const stats = executionStats(explain);
  const problems: string[] = [];
  if (names.includes('COLLSCAN')) problems.push('COLLSCAN');
  if (!names.some((n) => n.includes('IXSCAN') || n === 'IDHACK' || n === 'COUNT_SCAN')) {
    problems.push(`no index scan (${names.join(' > ')})`);
  }
  if (expected.sorted && names.includes('SORT')) problems.push('in-memory SORT');
  if (stats.totalDocsExamined > expected.maxDocsExamined) {
    problems.push(`totalDocsExamined ${stats.totalDocsExamined} > ${expected.maxDocsExamined}`);
  }
  return problems;
}

/** explain of the `count` command, as `countDocuments(query)` runs it. */
export const explainCount = (
  db: { command(cmd: Record<string, unknown>): Promise<unknown> },
  collection: string,
  query: Record<string, unknown>,
): Promise<unknown> =>
  db.command({ explain: { count: collection, query }, verbosity: 'executionStats' });
