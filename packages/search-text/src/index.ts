/**
 * Text analysis as MongoDB's text indexes do it (words, case and diacritic folding, English stop
 * words, Snowball stemming, the `$search` syntax): the dev database's $text is built on it, and
 * the services use it to require every word of a search and to show where it matched.
 */
export type { TextLanguage } from './language.js';
export { fold, foldForMatch } from './fold.js';
export { terms, termsOf } from './tokenize.js';
export { parseSearch, type ParsedSearch } from './search.js';
export { requiredTerms, toTextSearch } from './query.js';
export { highlightRanges } from './highlight.js';
export { totalFromPage } from './page-total.js';
