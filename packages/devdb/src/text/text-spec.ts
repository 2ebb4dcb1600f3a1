import type { Doc } from '../bson.js';
import { CommandError } from '../errors.js';
import { isPlainObject } from '../engine/values.js';
import { textLanguage, unsupportedLanguage, type TextLanguage } from './language.js';

/** A text index's definition, as its listIndexes entry states it. */
export interface TextSpec {
  /** Field path -> weight, in byte order of the paths (MongoDB keeps them in a std::map). */
  weights: [string, number][];
  language: TextLanguage;
  /** The field whose value, in a document or sub-document, overrides the language. */
  languageOverride: string;
}

const cannotCreate = (msg: string): CommandError => new CommandError(67, 'CannotCreateIndex', msg);

/**
 * The stored form of a text index spec, as MongoDB's FTSSpec::fixSpec makes it
 * (src/mongo/db/fts/fts_spec.cpp): key `{ _fts: 'text', _ftsx: 1 }`, `weights` for every text
 * field (1 unless given; integers; sorted by path), `default_language` ('english'),
 * `language_override` ('language') and `textIndexVersion: 3`. devdb builds text indexes on
 * named fields only: no wildcard (`$**`) and no other keys before or after the text fields.
 */
export function fixTextSpec(raw: Doc, name: string): Doc {
  const key = raw.key as Doc;
  const weights = new Map<string, number>();
  for (const [field, value] of Object.entries(key)) {
    if (field === '_fts' || field === '_ftsx') continue;
    if (value !== 'text') throw cannotCreate('devdb text indexes cannot have other keys');
    if (field === '$**') throw cannotCreate('devdb does not implement wildcard text indexes');
    weights.set(field, 1);
  }
  if (raw.weights !== undefined) {
    if (!isPlainObject(raw.weights))
      throw cannotCreate("text index option 'weights' must be an object");
    for (const [field, w] of Object.entries(raw.weights)) {
      if (typeof w !== 'number') throw cannotCreate('weight for text index needs numeric type');
      weights.set(field, Math.trunc(w));
    }
  }
  if (weights.size === 0) {
    throw cannotCreate("text index option 'weights' must specify fields or the wildcard");
  }
  for (const [field, w] of weights) {
    if (field === '$**') throw cannotCreate('devdb does not implement wildcard text indexes');
    if (w <= 0 || w >= 99999) {
      throw cannotCreate(
        `text index weight must be in the exclusive interval (0,99999) but found: ${w}`,
      );
    }
  }
  const language = raw.default_language ?? 'english';
  if (typeof language !== 'string') throw cannotCreate('default_language needs a string type');
  if (!textLanguage(language)) {
    throw cannotCreate(`default_language is not valid (devdb implements english and none)`);
  }
  const override = raw.language_override ?? 'language';
  if (typeof override !== 'string') throw cannotCreate('language_override must be a string');
  if (!override || override.startsWith('$') || override.includes('.')) {
    throw cannotCreate('language_override is not valid');
  }
  return {
    v: 2,
    key: { _fts: 'text', _ftsx: 1 },
    name,
    weights: Object.fromEntries([...weights].sort(([a], [b]) => byteOrder(a, b))),
    default_language: language,
    language_override: override,
    textIndexVersion: 3,
  };
}

/** Whether an index key pattern asks for a text index. */
export function isTextKey(key: Doc): boolean {
  return Object.entries(key).some(([f, v]) => v === 'text' || f === '_fts');
}

/** The definition of a stored text index spec (see fixTextSpec). */
export function textSpecOf(stored: Doc): TextSpec {
  const weights = Object.entries(stored.weights as Doc).map(
    ([f, w]) => [f, Number(w)] as [string, number],
  );
  return {
    weights: weights.sort(([a], [b]) => byteOrder(a, b)),
    language: textLanguage(stored.default_language) ?? 'english',
    languageOverride: String(stored.language_override ?? 'language'),
  };
}

/** UTF-8 byte order of two strings (std::string order), for the weights. */
function byteOrder(a: string, b: string): number {
  // UTF-16 order is byte order but for characters past U+FFFF: only those need the bytes.
  if (!SURROGATE.test(a) && !SURROGATE.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** One indexed string of a document, with its field's weight and the language it is in. */
export interface TextValue {
  text: string;
  weight: number;
  language: TextLanguage;
}

/**
 * The indexed strings of `doc` in document order, as FTSElementIterator finds them
 * (src/mongo/db/fts/fts_element_iterator.cpp): a string at a weighted path, strings in an
 * array at that path, and sub-documents (also in arrays) on the way to a weighted path.
 * A `language_override` field sets the language for its document and the ones inside it.
 */
export function* textValues(spec: TextSpec, doc: Doc): Generator<TextValue> {
  yield* frame(spec, doc, languageOf(spec, doc, spec.language), '', false);
}

function* frame(
  spec: TextSpec,
  obj: Doc | unknown[],
  language: TextLanguage,
  parentPath: string,
  isArray: boolean,
): Generator<TextValue> {
  const entries: [string, unknown][] = Array.isArray(obj)
    ? obj.map((v, i) => [String(i), v])
    : Object.entries(obj);
  for (const [field, value] of entries) {
    const dotted = parentPath === '' ? field : isArray ? parentPath : `${parentPath}.${field}`;
    const sub = isPlainObject(value);
    // The first weight at or after the path (MongoDB's lower_bound on its sorted weights).
    const target = sub ? `${dotted}.` : dotted;
    const at = spec.weights.find(([path]) => byteOrder(path, target) >= 0);
    if (!at || !(at[0] === dotted || at[0].startsWith(`${dotted}.`))) continue;
    const exact = at[0] === dotted;
    if (typeof value === 'string') {
      if (exact) yield { text: value, weight: at[1], language };
    } else if (sub) {
      if (!exact) yield* frame(spec, value, languageOf(spec, value, language), dotted, false);
    } else if (Array.isArray(value) && !isArray) {
      yield* frame(spec, value, language, dotted, true);
    }
  }
}

function languageOf(spec: TextSpec, obj: Doc, inherited: TextLanguage): TextLanguage {
  const named = obj[spec.languageOverride];
  if (named === undefined) return inherited;
  if (typeof named !== 'string') {
    throw new CommandError(
      17261,
      'Location17261',
      'found language override field in document with non-string type',
    );
  }
  const language = textLanguage(named);
  if (!language) throw unsupportedLanguage(named);
  return language;
}
