import btreeExports from 'sorted-btree';
import * as bulkLoadModule from 'sorted-btree/extended/bulkLoad.js';

type BTreeClass = typeof btreeExports.default;

/**
 * sorted-btree is CommonJS with `exports.default`: Node's ESM loader hands us the exports
 * object while vitest may already unwrap it, so take whichever is the class.
 */
export const BTree: BTreeClass =
  (btreeExports as { default?: BTreeClass }).default ?? (btreeExports as unknown as BTreeClass);
export type BTree<K, V> = btreeExports.default<K, V>;

type BulkLoad = typeof bulkLoadModule.bulkLoad;

/**
 * Builds a tree from keys in strictly ascending order, bottom-up (sorted-btree's extension;
 * CommonJS too, so its function may sit on the namespace or on its `default`).
 */
export const bulkLoad: BulkLoad =
  (bulkLoadModule as { bulkLoad?: BulkLoad }).bulkLoad ??
  (bulkLoadModule as unknown as { default: { bulkLoad: BulkLoad } }).default.bulkLoad;
