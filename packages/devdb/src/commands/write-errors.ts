import type { Doc } from '../bson.js';
import { toCommandError } from '../errors.js';
import type { Pausing } from '../engine/pausing.js';
import type { Context } from './context.js';

/** Whether a write batch stops at its first error: ordered ones do, and all in a transaction. */
export const stopsAtFirstError = (cmd: Doc, ctx: Context): boolean =>
  cmd.ordered !== false || ctx.txn !== undefined;

/** The `writeErrors` entry drivers expect for the failed statement at `index`. */
export function writeError(index: number, err: unknown): Doc {
  const e = toCommandError(err);
  return { index, code: e.code, codeName: e.codeName, errmsg: e.message, ...e.extra };
}

/**
 * Runs each statement; ordered batches stop at the first failure, unordered ones go on. A
 * statement may pause (see write-pauses.ts); its error is its own, the earlier ones stay done.
 */
export function* eachStatement<T>(
  items: T[],
  ordered: boolean,
  run: (item: T, index: number) => Pausing<void>,
): Pausing<Doc[]> {
  const errors: Doc[] = [];
  for (let i = 0; i < items.length; i++) {
    try {
      yield* run(items[i]!, i);
    } catch (err) {
      errors.push(writeError(i, err));
      if (ordered) break;
    }
  }
  return errors;
}
