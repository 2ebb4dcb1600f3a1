import type { Doc } from '../bson.js';
import { pipelineHead } from './pipeline.js';
import { isPlainObject } from './values.js';

/**
 * `{ $facet: { <rows>: [$sort?, $skip?, $limit?, $project?], <total>: [{ $count }] } }` after
 * a pipeline's leading `$match`: a page and the number of all the documents it pages through,
 * in one command (a search's page and its `pagination.total`). Answered by the planner (a
 * `$text` query counts in the page's own pass; other plans run a count beside the page), instead
 * of every match going through mingo's `$facet`.
 */
export interface PageAndTotal {
  /** The two output fields in the `$facet`'s order. */
  order: [string, string];
  rowsField: string;
  totalField: string;
  /** `$count`'s field. */
  countField: string;
  sort: Doc | undefined;
  skip: number;
  /** Infinity: no limit. */
  limit: number;
  projection: Doc | undefined;
}

/** The page-and-total `$facet` that `rest` (the stages after the leading query) is, if it is one. */
export function pageAndTotal(rest: Doc[]): PageAndTotal | undefined {
  if (rest.length !== 1 || !isPlainObject(rest[0]!.$facet)) return undefined;
  const entries = Object.entries(rest[0]!.$facet);
  if (entries.length !== 2 || !entries.every(([, stages]) => Array.isArray(stages))) return;
  const [a, b] = entries as [[string, Doc[]], [string, Doc[]]];
  const countOf = (stages: Doc[]): string | undefined => {
    const spec = stages.length === 1 ? stages[0]!.$count : undefined;
    return typeof spec === 'string' && spec !== '' && !spec.startsWith('$') ? spec : undefined;
  };
  const [rows, total] = countOf(b[1]) ? [a, b] : [b, a];
  const countField = countOf(total[1]);
  if (!countField || rows[1].some((s) => !isPlainObject(s) || Object.keys(s).length !== 1)) return;
  const head = pipelineHead(rows[1]);
  if (Object.keys(head.filter).length > 0 || head.limit === 0) return undefined;
  const projection = head.rest[0]?.$project;
  if (head.rest.length > 1 || (head.rest.length === 1 && !plainProjection(projection))) return;
  return {
    order: [a[0], b[0]],
    rowsField: rows[0],
    totalField: total[0],
    countField,
    sort: head.sort,
    skip: head.skip,
    limit: head.limit,
    projection: projection as Doc | undefined,
  };
}

/**
 * A `$project` that means the same as a find projection: top-level fields kept (or dropped)
 * and the textScore. Anything else (expressions, dotted paths) is mingo's.
 */
function plainProjection(projection: unknown): projection is Doc {
  if (!isPlainObject(projection) || Object.keys(projection).length === 0) return false;
  return Object.entries(projection).every(
    ([field, v]) =>
      !field.includes('.') &&
      !field.startsWith('$') &&
      (v === 0 || v === 1 || typeof v === 'boolean' || isTextScore(v)),
  );
}

const isTextScore = (v: unknown): boolean =>
  isPlainObject(v) && v.$meta === 'textScore' && Object.keys(v).length === 1;
