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
const ENGLISH_WORD = new RegExp(`(?:'|[^${DELIMITER_CLASS}])+`, 'gu');
const OTHER_WORD = new RegExp(`[^${DELIMITER_CLASS}]+`, 'gu');

/** A word of a text and where it is (UTF-16 offsets, end exclusive). */
export interface WordSpan {
  text: string;
  start: number;
  end: number;
}

/** The raw words of `text` (runs of non-delimiters) with their places in it. */
export function wordSpans(text: string, language: TextLanguage = 'english'): WordSpan[] {
  const pattern = language === 'english' ? ENGLISH_WORD : OTHER_WORD;
  return [...text.matchAll(pattern)].map((m) => ({
    text: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }));
}

/** The raw words of `text`. */
export const words = (text: string, language: TextLanguage): string[] =>
  wordSpans(text, language).map((w) => w.text);

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
  const lower = foldCase(word);
  if (language !== 'english') return stripDiacritics(lower);
  if (opts.filterStopWords && ENGLISH_STOP_WORDS.has(lower)) return undefined;
  return stripDiacritics(stemEnglish(lower));
}

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
