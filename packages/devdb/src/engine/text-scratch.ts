import type { TextIndex } from '../indexes/text-index.js';

/**
 * Per-text-index scratch arrays indexed by document number, all zeros between uses: a query that
 * allocated one the size of the collection (for a few thousand candidates) made as much garbage
 * per search as the search did work. One array per index and kind, grown when the index outgrows
 * it; a user must leave it zeroed.
 */
export function textScratch<A extends Int32Array | Float64Array>(
  make: (length: number) => A,
): (index: TextIndex) => A {
  const arrays = new WeakMap<TextIndex, A>();
  return (index) => {
    let array = arrays.get(index);
    if (!array || array.length < index.docs.length) {
      array = make(Math.max(1024, index.docs.length * 2));
      arrays.set(index, array);
    }
    return array;
  };
}
