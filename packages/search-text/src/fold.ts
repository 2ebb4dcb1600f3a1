/**
 * Case folding and diacritic removal as MongoDB's text index version 3 does them
 * (src/mongo/db/fts/unicode: gen_casefold_map.py, gen_diacritic_map.py), computed per code
 * point from the JavaScript engine's Unicode tables instead of MongoDB's Unicode 8.0 ones.
 */

const DIACRITIC = /\p{Diacritic}/u;
const DIACRITICS = /\p{Diacritic}/gu;
const NON_ASCII = /[^\p{ASCII}]/u;

const foldCache = new Map<string, string>();
const stripCache = new Map<string, string>();

/**
 * A code point's simple case folding: its lower case when that is one code point (so 'İ',
 * whose lower case is two, stays), and final sigma folded to sigma as CaseFolding.txt does.
 */
function foldChar(ch: string): string {
  let out = foldCache.get(ch);
  if (out !== undefined) return out;
  const lower = ch === 'ς' ? 'σ' : ch.toLowerCase();
  out = [...lower].length === 1 ? lower : ch;
  foldCache.set(ch, out);
  return out;
}

/**
 * MongoDB's diacritic map for one code point: a diacritic itself is removed; otherwise the
 * character decomposed (NFD), stripped of diacritics and recomposed (NFC), when that gives a
 * single other code point ('é' -> 'e', 'ø' stays: it has no decomposition).
 */
function stripChar(ch: string): string {
  let out = stripCache.get(ch);
  if (out !== undefined) return out;
  if (DIACRITIC.test(ch)) out = '';
  else {
    const bare = ch.normalize('NFD').replace(DIACRITICS, '').normalize('NFC');
    out = bare !== ch && [...bare].length === 1 ? bare : ch;
  }
  stripCache.set(ch, out);
  return out;
}

/** Lower-cases `s` code point by code point (MongoDB's kNormal case fold mode). */
export function foldCase(s: string): string {
  if (!NON_ASCII.test(s)) return s.toLowerCase();
  let out = '';
  for (const ch of s) out += foldChar(ch);
  return out;
}

/** Removes diacritics from `s` code point by code point (the ASCII ones are '^' and '`'). */
export function stripDiacritics(s: string): string {
  if (!NON_ASCII.test(s)) return s.includes('^') || s.includes('`') ? s.replace(/[\^`]/g, '') : s;
  let out = '';
  for (const ch of s) out += stripChar(ch);
  return out;
}

/** What case- and diacritic-insensitive comparisons compare (phrase matching). */
export function foldForMatch(s: string): string {
  return stripDiacritics(foldCase(s));
}

/**
 * Plain case- and accent-insensitive form for comparing names ("Café" -> "cafe"): lower case,
 * combining marks removed. Unlike foldForMatch it keeps characters MongoDB counts as
 * diacritics on their own ('^', '`'), so "^ab" is no name's prefix.
 */
export const fold = (text: string): string =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
