/**
 * Bounds that keep hostile Markdown cheap to parse. micromark nests containers recursively and
 * resolves emphasis in quadratic time, so 10,000 `>` overflow the stack and 10,000 `_*a` take
 * seconds; real posts are nowhere near these numbers.
 */

/** Longer sources are shown as plain text (posts, comments and messages allow 10,000). */
export const MAX_MARKDOWN_CHARS = 20_000;
/** Container markers (`>`, list bullets) one line may open; the rest shows as text. */
export const MAX_LINE_CONTAINERS = 8;
/** More `*`/`_` runs than this and emphasis is not parsed (the characters show as written). */
export const MAX_EMPHASIS_RUNS = 1_000;
/** Deeper tree nodes are flattened to their text (a net under the limits above). */
export const MAX_TREE_DEPTH = 32;
