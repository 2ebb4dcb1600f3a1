import type { Doc } from '../bson.js';
import { badValue } from '../errors.js';
import { isPlainObject } from './values.js';

/**
 * Pipeline stages after a `$text` match may use `{ $meta: 'textScore' }` (in `$project`,
 * `$addFields`, `$set`, `$sort`...), which mingo does not know: the documents carry their
 * score in this field while those stages run, the expressions read it, and it is removed from
 * what comes out.
 */
const SCORE_FIELD = '__devdb_textScore';

const isTextScoreMeta = (v: unknown): boolean =>
  isPlainObject(v) && v.$meta === 'textScore' && Object.keys(v).length === 1;

/** Whether some stage asks for the textScore. */
export function usesTextScore(stages: unknown): boolean {
  if (isTextScoreMeta(stages)) return true;
  if (Array.isArray(stages)) return stages.some(usesTextScore);
  return isPlainObject(stages) && Object.values(stages).some(usesTextScore);
}

/** The stages reading the score field instead of `{ $meta: 'textScore' }`. */
export function withScoreField(stages: Doc[]): Doc[] {
  return stages.map((stage) => {
    const [op, spec] = Object.entries(stage)[0]!;
    if (op === '$sort' && isPlainObject(spec)) {
      const sort = Object.entries(spec).map(([k, v]) =>
        isTextScoreMeta(v) ? [SCORE_FIELD, -1] : [k, v],
      );
      return { $sort: Object.fromEntries(sort) };
    }
    return { [op]: replaceMeta(spec) };
  });
}

function replaceMeta(v: unknown): unknown {
  if (isTextScoreMeta(v)) return `$${SCORE_FIELD}`;
  if (Array.isArray(v)) return v.map(replaceMeta);
  if (!isPlainObject(v)) return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, replaceMeta(x)]));
}

/** Copies of `docs` carrying their scores (a missing score: the query had no `$text`). */
export function withScores(docs: Doc[], scores: Map<Doc, number> | undefined): Doc[] {
  if (!scores) throw badValue('query requires text score metadata, but it is not available');
  return docs.map((d) => ({ ...d, [SCORE_FIELD]: scores.get(d) }));
}

/** The pipeline's output without the score field. */
export function withoutScores(docs: Doc[]): Doc[] {
  return docs.map((d) => {
    if (!(SCORE_FIELD in d)) return d;
    const { [SCORE_FIELD]: _, ...rest } = d;
    return rest;
  });
}
