/**
 * Search hits come with `highlights`: [start, end) ranges of the raw title or content. The page
 * shows text as every list does (spec §5: markup stripped, whitespace collapsed, cut to a
 * preview), so the ranges are carried through those same steps character by character.
 */

export type Range = readonly [number, number];

export interface Segment {
  text: string;
  marked: boolean;
}

/** Text with, per code unit, the raw text's index it came from. */
interface Mapped {
  text: string;
  from: number[];
}

/** Drops every match of `pattern` (global), or with `replaceWith` keeps its first code unit as that. */
function remove(input: Mapped, pattern: RegExp, replaceWith?: string): Mapped {
  let text = '';
  const from: number[] = [];
  let at = 0;
  for (const match of input.text.matchAll(pattern)) {
    text += input.text.slice(at, match.index);
    from.push(...input.from.slice(at, match.index));
    if (replaceWith !== undefined) {
      text += replaceWith;
      from.push(input.from[match.index]!);
    }
    at = match.index + match[0].length;
  }
  text += input.text.slice(at);
  from.push(...input.from.slice(at));
  return { text, from };
}

/** lib/display's plainPreviewText (stripMarkup, collapsed whitespace, trimmed), index-mapped. */
function plainMapped(raw: string): Mapped {
  let current = remove({ text: raw, from: Array.from({ length: raw.length }, (_, i) => i) }, /\0/g);
  let previous: string;
  do {
    previous = current.text;
    current = remove(current, /<[A-Za-z!?/][^>]*(>|$)/g);
  } while (current.text !== previous);
  return remove(remove(current, /\s+/g, ' '), /^ | $/g);
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

/**
 * The display text of `raw` as plain and marked segments; with `max`, a preview of at most `max`
 * characters (plus "…" where it was cut) that shows the first match.
 */
export function highlightSegments(raw: string, ranges: readonly Range[], max?: number): Segment[] {
  const { text, from } = plainMapped(raw);
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
