export { fold, termOf, termsOf, words, type Word } from './words.js';
export { ENGLISH_STOP_WORDS } from './stop-words.js';
export { parseSearch, requiredTerms, toTextSearch, type ParsedSearch } from './query.js';
export { highlightRanges, type Range } from './highlight.js';
