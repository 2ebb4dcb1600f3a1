import type { Doc } from '../bson.js';
import { textValues, type TextSpec } from './text-spec.js';
import { terms } from '@forum/search-text';

/**
 * Each term's score in `doc`, as MongoDB's FTSSpec::scoreDocument computes it for text index
 * version 2 and 3 (src/mongo/db/fts/fts_spec.cpp, _scoreStringV2). Per indexed string, with
 * stop words left out: a term seen n times has frequency 1 + 1/2 + ... + 1/2^(n-1), times
 * `0.5 * n / tokens + 0.5`, times the field's weight, times 1.1 when the term is the whole
 * string (same bytes but for ASCII case); the strings' scores add up per term. A query's
 * textScore is the sum of its terms' scores.
 */
export function documentTermScores(spec: TextSpec, doc: Doc): Map<string, number> {
  const scores = new Map<string, number>();
  for (const { text, weight, language } of textValues(spec, doc)) {
    const tokens = terms(text, language, { filterStopWords: true });
    const counts = new Map<string, number>();
    for (const term of tokens) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const [term, count] of counts) {
      // The n-th repeat adds 1 / 2^(n-1), in MongoDB's order of additions.
      let freq = 0;
      for (let exp = 1, k = 0; k < count; k++, exp *= 2) freq += 1 / exp;
      const coeff = (0.5 * count) / tokens.length + 0.5;
      const adjustment = isWholeString(text, term) ? 1.1 : 1;
      scores.set(term, (scores.get(term) ?? 0) + weight * freq * coeff * adjustment);
    }
  }
  return scores;
}

/** `raw.size() == term.length() && raw.equalCaseInsensitive(term)` on UTF-8 bytes. */
function isWholeString(raw: string, term: string): boolean {
  if (raw.length > 3 * term.length) return false;
  if (Buffer.byteLength(raw) !== Buffer.byteLength(term)) return false;
  return asciiLower(raw) === asciiLower(term);
}

const asciiLower = (s: string): string => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
