/**
 * Search hits come with `highlights`: [start, end) ranges of the raw title or content. The page
 * shows text as every list does (spec §5: markup stripped, whitespace collapsed, cut to a
 * preview), so the ranges are carried through those same steps character by character. Markdown
 * content (posts' and comments' text) also loses its syntax and its spoilers' text, as list
 * previews do (EXTENSIONS §F1).
 */

import { withoutMarkdown } from './markdownMapped';
import { mapped, rewrite, type Mapped } from './mappedText';

export type Range = readonly [number, number];

export interface Segment {
  text: string;
  marked: boolean;
}

/** lib/display's plainPreviewText (stripMarkup, collapsed whitespace, trimmed), index-mapped. */
function plainMapped(raw: string, markdown: boolean): Mapped {
  let current = rewrite(mapped(raw), /\0/g);
  let previous: string;
  do {
    previous = current.text;
    current = rewrite(current, /<[A-Za-z!?/][^>]*(>|$)/g);
  } while (current.text !== previous);
  if (markdown) current = withoutMarkdown(current);
  return rewrite(
    rewrite(current, /\s+/g, () => ' '),
    /^ | $/g,
  );
}

/** How much text comes before the first match when the preview cannot start at the beginning. */
const CONTEXT = 40;
/** How much of the first match must fit in a preview that starts at the beginning. */
const SHOWN = 20;

/**
 * The [start, end) of `text` a preview of `max` characters shows: its beginning, or when that
 * would leave the first match out, from a word shortly before it.
 */
function previewWindow(text: string, firstMark: number, max: number): [number, number] {
  if (text.length <= max) return [0, text.length];
  let start = 0;
  if (firstMark >= 0 && firstMark + SHOWN > max) {
    start = Math.max(0, Math.min(firstMark - CONTEXT, text.length - max));
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < firstMark) start = space + 1;
  }
  let end = Math.min(start + max, text.length);
  while (end > start && text[end - 1] === ' ') end -= 1;
  return [start, end];
}

export interface HighlightOptions {
  /** A preview of at most this many characters (plus "…" where it was cut), showing the first match. */
  max?: number | undefined;
  /** The text is Markdown (content, not a title): its syntax and spoilers are left out. */
  markdown?: boolean | undefined;
}

/** The display text of `raw` as plain and marked segments. */
export function highlightSegments(
  raw: string,
  ranges: readonly Range[],
  { max, markdown = false }: HighlightOptions = {},
): Segment[] {
  const { text, from } = plainMapped(raw, markdown);
  const hit = new Uint8Array(raw.length);
  for (const [start, end] of ranges) hit.fill(1, start, Math.min(end, raw.length));
  const marked = from.map((i) => hit[i] === 1);
  const [start, end] = previewWindow(text, marked.indexOf(true), max ?? text.length);

  const segments: Segment[] = [];
  const push = (piece: string, isMarked: boolean) => {
    const last = segments[segments.length - 1];
    if (last && last.marked === isMarked) last.text += piece;
    else segments.push({ text: piece, marked: isMarked });
  };
  if (start > 0) push('…', false);
  for (let k = start; k < end; k++) push(text[k]!, marked[k]!);
  if (end < text.length) push('…', false);
  return segments;
}
