import { termOf, words } from './words.js';

/** A search as EXTENSIONS §S reads it: words, "phrases" and -exclusions of either. */
export interface ParsedSearch {
  words: string[];
  phrases: string[];
  excludedWords: string[];
  excludedPhrases: string[];
}

/**
 * Reads `q` the way MongoDB's $search does: a double quote opens or closes a phrase (one left
 * open runs to the end), a '-' at the start of a word or phrase excludes it; everything else
 * is plain text (no regular expressions, no other operators).
 */
export function parseSearch(q: string): ParsedSearch {
  const parsed: ParsedSearch = { words: [], phrases: [], excludedWords: [], excludedPhrases: [] };
  const parts = q.split('"');
  parts.forEach((part, i) => {
    const inPhrase = i % 2 === 1;
    if (inPhrase) {
      const phrase = part.trim();
      const excluded = /(^|\s)-$/.test(parts[i - 1]!);
      if (phrase) (excluded ? parsed.excludedPhrases : parsed.phrases).push(phrase);
      return;
    }
    // A '-' right before an opening quote belongs to the phrase (handled above).
    for (const token of part.split(/\s+/)) {
      const excluded = token.startsWith('-');
      for (const word of words(excluded ? token.slice(1) : token)) {
        (excluded ? parsed.excludedWords : parsed.words).push(word.text);
      }
    }
  });
  return parsed;
}

/**
 * The terms a document must all have (stored as `search_terms`, required with $all): those of
 * the words and of the phrases' words, stop words left out. Empty when nothing can match.
 */
export function requiredTerms(search: ParsedSearch): string[] {
  const terms = new Set<string>();
  for (const text of [...search.words, ...search.phrases]) {
    for (const word of words(text)) {
      const term = termOf(word.text);
      if (term) terms.add(term);
    }
  }
  return [...terms];
}

/** The same search as a MongoDB `$text: { $search }` string (quotes balanced, one space apart). */
export function toTextSearch(search: ParsedSearch): string {
  const quote = (phrase: string) => `"${phrase}"`;
  return [
    ...search.words,
    ...search.phrases.map(quote),
    ...search.excludedWords.map((w) => `-${w}`),
    ...search.excludedPhrases.map((p) => `-${quote(p)}`),
  ].join(' ');
}
