import btreeExports from 'sorted-btree';

type BTreeClass = typeof btreeExports.default;

/**
 * sorted-btree is CommonJS with `exports.default`: Node's ESM loader hands us the exports
 * object while vitest may already unwrap it, so take whichever is the class.
 */
export const BTree: BTreeClass =
  (btreeExports as { default?: BTreeClass }).default ?? (btreeExports as unknown as BTreeClass);
export type BTree<K, V> = btreeExports.default<K, V>;
