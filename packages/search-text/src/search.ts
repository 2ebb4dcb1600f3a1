import type { TextLanguage } from './language.js';
import { terms } from './tokenize.js';

/** A `$search` string taken apart as MongoDB does. */
export interface ParsedSearch {
  /** The string parsed: what a `$text: { $search }` sends to get this reading. */
  search: string;
  /** Stemmed, folded terms a document must have one of (sorted, distinct). */
  terms: string[];
  /** Terms a document must not have. */
  negatedTerms: string[];
  /** Phrases that must all appear (as typed, without the quotes). */
  phrases: string[];
  /** Phrases that must not appear. */
  negatedPhrases: string[];
}

type Kind = 'space' | 'delimiter' | 'text';

/** The query parser's character classes (src/mongo/db/fts/fts_query_parser.cpp). */
function kindOf(c: string): Kind {
  switch (c) {
    case '\n':
    case '\v':
    case '\f':
    case '\r':
    case ' ':
      return 'space';
    case '-':
    case '"':
      return 'delimiter';
    default:
      return 'text';
  }
}

interface Token {
  kind: 'delimiter' | 'text';
  data: string;
  offset: number;
  /** Whether whitespace came before it (the start counts as whitespace). */
  afterSpace: boolean;
}

function* queryTokens(s: string): Generator<Token> {
  let pos = 0;
  const skipSpace = (): boolean => {
    const start = pos;
    while (pos < s.length && kindOf(s[pos]!) === 'space') pos++;
    return pos > start;
  };
  skipSpace();
  let afterSpace = true;
  while (pos < s.length) {
    const start = pos++;
    const kind = kindOf(s[start]!) as 'delimiter' | 'text';
    if (kind === 'text') while (pos < s.length && kindOf(s[pos]!) === 'text') pos++;
    const token = { kind, data: s.slice(start, pos), offset: start, afterSpace };
    afterSpace = skipSpace();
    yield token;
  }
}

/**
 * Parses `$search` as FTSQueryImpl::parse does (src/mongo/db/fts/fts_query_impl.cpp): words are
 * ORed; `"a phrase"` must appear and its words count as terms; `-word` and `-"a phrase"`
 * exclude (a negation lasts until the next whitespace); stop words are dropped.
 */
export function parseSearch(search: string, language: TextLanguage = 'english'): ParsedSearch {
  let positive = '';
  let negative = '';
  const phrases: string[] = [];
  const negatedPhrases: string[] = [];
  let inNegation = false;
  let inPhrase = false;
  let quoteOffset = 0;
  for (const t of queryTokens(search)) {
    if (t.kind === 'text') {
      if (inPhrase && inNegation) continue;
      if (inNegation && t.afterSpace) inNegation = false;
      if (inNegation) negative += `${t.data} `;
      else positive += `${t.data} `;
    } else if (t.data === '-') {
      if (!inPhrase && t.afterSpace) inNegation = true;
    } else if (inPhrase) {
      const phrase = search.slice(quoteOffset + 1, t.offset);
      (inNegation ? negatedPhrases : phrases).push(phrase);
      inPhrase = false;
    } else {
      inPhrase = true;
      if (inNegation && t.afterSpace) inNegation = false;
      quoteOffset = t.offset;
    }
  }
  const distinct = (text: string): string[] => [
    ...new Set(terms(text, language, { filterStopWords: true })),
  ];
  return {
    search,
    terms: distinct(positive).sort(),
    negatedTerms: distinct(negative).sort(),
    phrases,
    negatedPhrases,
  };
}
