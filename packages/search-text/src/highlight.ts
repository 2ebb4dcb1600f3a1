import { foldForMatch } from './fold.js';
import type { ParsedSearch } from './search.js';
import { forEachWord, wordTerm } from './tokenize.js';

/** [start, end) in UTF-16 code units of the original text. */
export type Range = [number, number];

/** The folded text and, per folded code unit, the original range it came from. */
function foldedWithMap(text: string): { folded: string; from: number[]; to: number[] } {
  let folded = '';
  const from: number[] = [];
  const to: number[] = [];
  let offset = 0;
  for (const char of text) {
    const piece = foldForMatch(char);
    for (let k = 0; k < piece.length; k++) {
      from.push(offset);
      to.push(offset + char.length);
    }
    folded += piece;
    offset += char.length;
  }
  return { folded, from, to };
}

/** ASCII but '^' and '`' (diacritics to MongoDB): folding only lower-cases, in place. */
const PLAIN_ASCII = /^[\0-\x5d\x5f\x61-\x7f]*$/;

/** Where the phrases occur, case- and accent-insensitively (as MongoDB matches phrases). */
function phraseRanges(text: string, phrases: string[]): Range[] {
  if (phrases.length === 0) return [];
  // Plain ASCII folds to its lower case, offset for offset: no map to build.
  if (PLAIN_ASCII.test(text))
    return occurrences(text.toLowerCase(), phrases, (at, end) => [at, end]);
  const { folded, from, to } = foldedWithMap(text);
  return occurrences(folded, phrases, (at, end) => [from[at]!, to[end - 1]!]);
}

const FILTER_STOP_WORDS = { filterStopWords: true } as const;

/**
 * Whether a word starting with `first` may have a term starting with one of `starts`: an ASCII
 * letter or digit begins its word's term as it is (lower-cased; the English stemmer only
 * rewrites endings, never the first letter), so most words of a text need no term at all.
 * Any other first character (an accent, an apostrophe) may fold or go: the word is analysed.
 */
function mayStartTerm(first: number, starts: Set<number>): boolean {
  const lower = first >= 65 && first <= 90 ? first + 32 : first;
  const plain = (lower >= 97 && lower <= 122) || (lower >= 48 && lower <= 57);
  return !plain || starts.has(lower);
}

/** Each phrase's occurrences in a folded text, as ranges of the original (`toRange`). */
function occurrences(
  folded: string,
  phrases: string[],
  toRange: (at: number, end: number) => Range,
): Range[] {
  const ranges: Range[] = [];
  for (const phrase of phrases) {
    const needle = foldForMatch(phrase);
    if (!needle) continue;
    for (
      let at = folded.indexOf(needle);
      at >= 0;
      at = folded.indexOf(needle, at + needle.length)
    ) {
      ranges.push(toRange(at, at + needle.length));
    }
  }
  return ranges;
}

/** Overlapping ranges joined, in order. */
function merged(ranges: Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: Range[] = [];
  for (const range of sorted) {
    const last = out[out.length - 1];
    if (last && range[0] < last[1]) last[1] = Math.max(last[1], range[1]);
    else out.push([range[0], range[1]]);
  }
  return out;
}

/**
 * What a search matched in a text, as ranges of the text (never markup: the reader marks them):
 * each word with one of the search's terms ("running" marks "runs"), and each phrase.
 */
export function highlightRanges(text: string, search: ParsedSearch): Range[] {
  const wanted = new Set(search.terms);
  const ranges: Range[] = phraseRanges(text, search.phrases);
  if (wanted.size > 0) {
    const starts = new Set(search.terms.map((t) => t.charCodeAt(0)));
    forEachWord(text, 'english', (start, end) => {
      if (!mayStartTerm(text.charCodeAt(start), starts)) return;
      const term = wordTerm(text.slice(start, end), 'english', FILTER_STOP_WORDS);
      if (term !== undefined && wanted.has(term)) ranges.push([start, end]);
    });
  }
  return merged(ranges);
}
