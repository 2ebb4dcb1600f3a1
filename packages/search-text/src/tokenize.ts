import { foldCase, stripDiacritics } from './fold.js';
import type { TextLanguage } from './language.js';
import { stemEnglish } from './stem.js';
import { ENGLISH_STOP_WORDS } from './stop-words.js';

/**
 * MongoDB's word delimiters (src/mongo/db/fts/unicode/gen_delimiter_list.py): code points with
 * the Unicode properties White_Space, Dash, Hyphen, Quotation_Mark, Terminal_Punctuation,
 * Pattern_Syntax or STerm. JavaScript has no Hyphen property: its members that are not Dash
 * are listed. For English the apostrophe is not a delimiter ("don't" is one word).
 */
const DELIMITER_CLASS =
  '\\p{White_Space}\\p{Dash}\\p{Quotation_Mark}\\p{Terminal_Punctuation}' +
  '\\p{Pattern_Syntax}\\p{Sentence_Terminal}\\u00AD\\u30FB\\uFF65';
const DELIMITER = new RegExp(`^[${DELIMITER_CLASS}]$`, 'u');
const APOSTROPHE = 0x27;

/** ASCII delimiters by code (the apostrophe among them: only English words hold it). */
const ASCII_DELIMITER = Uint8Array.from({ length: 128 }, (_, c) =>
  DELIMITER.test(String.fromCharCode(c)) ? 1 : 0,
);
/** Other code points' verdicts, as met (a text's alphabet is small). */
const otherDelimiters = new Map<number, boolean>();

function isDelimiter(cp: number): boolean {
  if (cp < 128) return ASCII_DELIMITER[cp] === 1;
  let known = otherDelimiters.get(cp);
  if (known === undefined) {
    known = DELIMITER.test(String.fromCodePoint(cp));
    otherDelimiters.set(cp, known);
  }
  return known;
}

/**
 * Calls `word(start, end)` for each word of `text` (runs of non-delimiters, UTF-16 offsets, end
 * exclusive), scanning code points against a table: the Unicode-property regex it replaces cost
 * most of a search page's highlighting.
 */
export function forEachWord(
  text: string,
  language: TextLanguage,
  word: (start: number, end: number) => void,
): void {
  const apostropheInWords = language === 'english';
  let start = -1;
  for (let i = 0; i < text.length;) {
    let cp = text.charCodeAt(i);
    let width = 1;
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        cp = ((cp - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
        width = 2;
      }
    }
    const delimits = isDelimiter(cp) && !(apostropheInWords && cp === APOSTROPHE);
    if (delimits) {
      if (start >= 0) word(start, i);
      start = -1;
    } else if (start < 0) start = i;
    i += width;
  }
  if (start >= 0) word(start, text.length);
}

/** A word of a text and where it is (UTF-16 offsets, end exclusive). */
export interface WordSpan {
  text: string;
  start: number;
  end: number;
}

/** The raw words of `text` (runs of non-delimiters) with their places in it. */
export function wordSpans(text: string, language: TextLanguage = 'english'): WordSpan[] {
  const spans: WordSpan[] = [];
  forEachWord(text, language, (start, end) =>
    spans.push({ text: text.slice(start, end), start, end }),
  );
  return spans;
}

/** The raw words of `text`. */
export function words(text: string, language: TextLanguage): string[] {
  const out: string[] = [];
  forEachWord(text, language, (start, end) => out.push(text.slice(start, end)));
  return out;
}

export interface TermOptions {
  /** Leave out stop words (index keys and queries do; the matcher does not). */
  filterStopWords: boolean;
}

/**
 * One word's term as MongoDB's UnicodeFTSTokenizer makes it
 * (src/mongo/db/fts/fts_unicode_tokenizer.cpp): lower-cased, undefined if a stop word (when they
 * are left out), stemmed, then stripped of diacritics (the stemmer is diacritic-sensitive).
 */
export function wordTerm(
  word: string,
  language: TextLanguage,
  opts: TermOptions,
): string | undefined {
  if (language !== 'english') return stripDiacritics(foldCase(word));
  const cache = opts.filterStopWords ? filteredTerms : unfilteredTerms;
  let term = cache.get(word);
  if (term === undefined) {
    const lower = foldCase(word);
    term =
      opts.filterStopWords && ENGLISH_STOP_WORDS.has(lower)
        ? null
        : stripDiacritics(stemEnglish(lower));
    if (cache.size >= TERM_CACHE_MAX) cache.clear();
    cache.set(word, term);
  }
  return term ?? undefined;
}

/**
 * English words' terms as written (null: a stop word), with and without stop words left out:
 * texts repeat their words, and folding, the stop-word check and stemming cost a highlighted
 * search page most of its time. Bounded: cleared when full.
 */
const filteredTerms = new Map<string, string | null>();
const unfilteredTerms = new Map<string, string | null>();
const TERM_CACHE_MAX = 100_000;

/** The terms of `text`, in order, repeats kept (the score counts them). */
export function terms(text: string, language: TextLanguage, opts: TermOptions): string[] {
  const out: string[] = [];
  for (const word of words(text, language)) {
    const term = wordTerm(word, language, opts);
    if (term !== undefined) out.push(term);
  }
  return out;
}

/**
 * The distinct English terms of texts, stop words left out: what a searchable document stores
 * (`search_terms`) so that a search can require every word, where MongoDB's $text wants any.
 */
export function termsOf(...texts: string[]): string[] {
  const distinct = new Set<string>();
  for (const text of texts) {
    for (const term of terms(text, 'english', { filterStopWords: true })) distinct.add(term);
  }
  return [...distinct];
}
