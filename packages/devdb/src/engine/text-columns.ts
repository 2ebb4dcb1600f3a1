import type { Doc } from '../bson.js';
import type { TextIndex } from '../indexes/text-index.js';
import { compileFilter, type Matcher } from './query.js';

/** A residual filter on a text query's candidates, by document number. */
export type NumTest = (num: number) => boolean;

/** Verdicts per code: not yet decided, matches, does not. */
const UNDECIDED = 0;
const MATCHES = 1;
const FAILS = 2;

/**
 * A filter (ANDed top-level conditions) as a test of document numbers: each condition on a
 * top-level field but `_id` (unique: nothing to share) is decided from the field's column
 * (text/field-column.ts) once per distinct value, on a document holding only that value, then
 * looked up per candidate; values the column does not code, and every other condition (`$or`,
 * dotted paths), are tested on the stored document. A search's usual residual (`removed`,
 * `community_nsfw`, `is_deleted`, deletes in progress as `$nin`) then reads no document.
 */
export function residualTest(index: TextIndex, filter: Doc): NumTest {
  const { docs } = index;
  const tests: NumTest[] = [];
  const others: Doc = {};
  for (const [field, cond] of Object.entries(filter)) {
    if (field.startsWith('$') || field.includes('.') || field === '_id') others[field] = cond;
    else tests.push(columnTest(index, field, cond));
  }
  if (Object.keys(others).length > 0) {
    const match = compileFilter(others);
    tests.push((num) => match(docs[num]!));
  }
  if (tests.length === 0) return () => true;
  if (tests.length === 1) return tests[0]!;
  return (num) => {
    for (let i = 0; i < tests.length; i++) if (!tests[i]!(num)) return false;
    return true;
  };
}

function columnTest(index: TextIndex, field: string, cond: unknown): NumTest {
  const column = index.fieldColumn(field);
  const match: Matcher = compileFilter({ [field]: cond });
  const { docs } = index;
  // Sized now: codes added by writes while the query pauses are decided each time.
  const verdicts = new Uint8Array(column.size);
  return (num) => {
    const code = column.code(num);
    if (code === 0) return match(docs[num]!);
    if (code >= verdicts.length) return match(column.sample(code));
    let verdict = verdicts[code]!;
    if (verdict === UNDECIDED) {
      verdict = match(column.sample(code)) ? MATCHES : FAILS;
      verdicts[code] = verdict;
    }
    return verdict === MATCHES;
  };
}
