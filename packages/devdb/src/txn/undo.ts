import type { Doc } from '../bson.js';
import type { Store } from '../engine/store.js';
import type { IndexSpec } from '../indexes/index.js';

/**
 * How to revert one mutation a transaction made (`record` is its journal record, `before`
 * the document it replaced or deleted). Collection.load/unload keep every index in step, so
 * unique indexes hold exactly the committed documents again afterwards.
 */
export function undoOf(store: Store, record: Doc, before: Doc | undefined): () => void {
  const db = String(record.db);
  const c = String(record.c);
  const coll = () => store.collection(db, c);
  switch (record.op) {
    case 'put': {
      const id = (record.doc as Doc)._id;
      return before ? () => coll()?.load(before) : () => coll()?.unload(id);
    }
    case 'del':
      return () => coll()?.load(before!);
    case 'createColl':
      return () => store.dropCollection(db, c, false);
    case 'createIndex':
      return () => coll()?.dropIndex((record.spec as IndexSpec).name, false);
    default:
      // Drops are refused inside transactions before they get here.
      throw new Error(`devdb: '${String(record.op)}' cannot run in a transaction`);
  }
}
