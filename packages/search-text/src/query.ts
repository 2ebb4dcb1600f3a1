import type { ParsedSearch } from './search.js';

/**
 * What the services send and require for a search `q` (EXTENSIONS §S), read by parseSearch as
 * MongoDB reads `$search`: the same string goes to `$text` (ranking, phrases, exclusions), and
 * every one of its terms (the words', phrases' included, stop words left out) is required with
 * `search_terms: { $all }`, since `$text` wants only one of them. Empty: nothing can match.
 */
export const requiredTerms = (parsed: ParsedSearch): string[] => parsed.terms;

/** The `$search` string of a parsed search: the very string parsed. */
export const toTextSearch = (parsed: ParsedSearch): string => parsed.search;
