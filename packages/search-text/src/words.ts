import stemWord from 'wink-porter2-stemmer';
import { ENGLISH_STOP_WORDS } from './stop-words.js';

/**
 * What separates words, as in MongoDB's text index version 3 (its delimiter code points are the
 * Unicode White_Space, Dash, Pattern_Syntax, Quotation_Mark and Terminal_Punctuation ones):
 * "alice_smith" stays one word, "don't" and "e-mail" are two.
 */
const DELIMITER =
  /[\p{White_Space}\p{Dash}\p{Pattern_Syntax}\p{Quotation_Mark}\p{Terminal_Punctuation}]/u;
const WORD = new RegExp(`[^${DELIMITER.source.slice(1, -1)}]+`, 'gu');

/** A word of a text and where it is (UTF-16 offsets, end exclusive). */
export interface Word {
  text: string;
  start: number;
  end: number;
}

export function words(text: string): Word[] {
  return [...text.matchAll(WORD)].map((m) => ({
    text: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }));
}

/** Case- and accent-insensitive form: lower case, diacritics removed ("Café" -> "cafe"). */
export const fold = (text: string): string =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The term a word is indexed and searched under: folded, then stemmed with Porter2 (Snowball
 * English, MongoDB's stemmer); undefined for a stop word, which text search ignores.
 */
export function termOf(word: string): string | undefined {
  const folded = fold(word);
  if (folded === '' || ENGLISH_STOP_WORDS.has(folded)) return undefined;
  return stemWord(folded);
}

/** The distinct terms of texts (what a document stores to require every word of a query). */
export function termsOf(...texts: string[]): string[] {
  const terms = new Set<string>();
  for (const text of texts) {
    for (const word of words(text)) {
      const term = termOf(word.text);
      if (term) terms.add(term);
    }
  }
  return [...terms];
}
