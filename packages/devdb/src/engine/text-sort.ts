import type { Doc } from '../bson.js';
import type { SortKey } from '../indexes/planner.js';
import type { TextIndex } from '../indexes/text-index.js';
import { NumMemo } from '../text/num-memo.js';
import type { QuerySpec } from './executor.js';
import { sortKeyOf } from './query.js';

/** A document's sort key (spec.sortKey) for a text query's candidate, by number and score. */
export type CandidateKey = (num: number, score: number) => unknown[];

/**
 * The sort key of a text query's candidates. A sort on stored fields alone (a search's `new`
 * and `top`) remembers each document's key by number (NumMemo: valid while the document is
 * stored), so the next query neither reads the scattered stored document nor builds the key
 * again; a sort naming the textScore keys per query. Top-level fields that are not arrays are
 * read directly (the general path walk split the path and built arrays per field).
 */
export function candidateKey(index: TextIndex, spec: QuerySpec): CandidateKey {
  const sort = spec.sort!;
  const keyOf = topLevelSortKey(sort) ?? spec.sortKey!;
  const { docs } = index;
  if (sort.some((k) => k.meta)) return (num, score) => keyOf(docs[num]!, score);
  const memo = fieldKeys(index, sort, keyOf);
  return (num) => memo.of(num, docs[num]!);
}

const memos = new WeakMap<TextIndex, Map<string, NumMemo<unknown[]>>>();

function fieldKeys(
  index: TextIndex,
  sort: SortKey[],
  keyOf: (doc: Doc) => unknown[],
): NumMemo<unknown[]> {
  let byFields = memos.get(index);
  if (!byFields) memos.set(index, (byFields = new Map()));
  // Directions too: an array's key is its least element ascending, its greatest descending.
  const fields = JSON.stringify(sort.map((k) => [k.field, k.dir]));
  let memo = byFields.get(fields);
  if (!memo) byFields.set(fields, (memo = new NumMemo(keyOf)));
  return memo;
}

/**
 * spec.sortKey for a sort on top-level fields only (a search's `created_at`, `score`, `_id`):
 * a field that is not an array is its own key, read directly. Arrays, and documents with one,
 * take the general path. Undefined when a field is dotted.
 */
function topLevelSortKey(sort: SortKey[]): QuerySpec['sortKey'] {
  if (sort.some((k) => !k.meta && k.field.includes('.'))) return undefined;
  const general = sortKeyOf(sort);
  const fields = sort.map((k) => (k.meta ? undefined : k.field));
  return (doc, score) => {
    const key: unknown[] = new Array(fields.length);
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i];
      if (field === undefined) key[i] = score;
      else {
        const value = doc[field];
        if (Array.isArray(value)) return general(doc, score);
        key[i] = value;
      }
    }
    return key;
  };
}
