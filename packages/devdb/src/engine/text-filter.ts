import type { Doc } from '../bson.js';
import { badValue } from '../errors.js';
import { textLanguage, type TextLanguage } from '../text/language.js';
import { isPlainObject } from './values.js';

/** A filter's `{ $text: { $search, $language?, ... } }`, validated. */
export interface TextFilter {
  search: string;
  /** `$language`, when given (else the text index's default language). */
  language: TextLanguage | undefined;
}

const OPTIONS = new Set(['$search', '$language', '$caseSensitive', '$diacriticSensitive']);

/**
 * Takes a filter's `$text` out of it: at the top level or in a top-level `$and`, where MongoDB
 * allows it to be answered by the text index. What is left is an ordinary filter.
 */
export function textFilterOf(filter: unknown): { text: TextFilter | undefined; rest: unknown } {
  if (!isPlainObject(filter)) return { text: undefined, rest: filter };
  const found: unknown[] = [];
  let rest: Doc = filter;
  if ('$text' in filter) {
    const { $text, ...others } = filter;
    found.push($text);
    rest = others;
  }
  if (Array.isArray(rest.$and) && rest.$and.some((c) => isPlainObject(c) && '$text' in c)) {
    const and = (rest.$and as unknown[]).map((clause) => {
      if (!isPlainObject(clause) || !('$text' in clause)) return clause;
      const { $text, ...others } = clause;
      found.push($text);
      return others;
    });
    rest = { ...rest, $and: and };
  }
  if (found.length === 0) return { text: undefined, rest: filter };
  if (found.length > 1) throw badValue('Too many text expressions');
  return { text: parseTextOperator(found[0]), rest };
}

function parseTextOperator(op: unknown): TextFilter {
  if (!isPlainObject(op)) throw badValue('$text expects an object');
  for (const key of Object.keys(op)) {
    if (!OPTIONS.has(key)) throw badValue(`Unexpected field '${key}' in $text`);
  }
  if (typeof op.$search !== 'string') throw badValue('$search needs a String');
  for (const flag of ['$caseSensitive', '$diacriticSensitive']) {
    if (op[flag] === undefined || op[flag] === false) continue;
    if (op[flag] !== true) throw badValue(`${flag} requires a boolean value`);
    throw badValue(`${flag}: true is not implemented by devdb`);
  }
  let language: TextLanguage | undefined;
  if (op.$language !== undefined) {
    if (typeof op.$language !== 'string') throw badValue('$language needs a String');
    language = textLanguage(op.$language);
    if (!language) {
      throw badValue(`unsupported language: "${op.$language}" (devdb implements english and none)`);
    }
  }
  return { search: op.$search, language };
}
