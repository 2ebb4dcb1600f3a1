import snowball from 'snowball-stemmers';

/**
 * Snowball's English (Porter2) stemmer, the one MongoDB's text indexes use through
 * libstemmer (src/mongo/db/fts/stemmer.cpp). Its input is lower-cased, diacritics kept.
 */
const english = snowball.newStemmer('english');

/** Stems repeat all the time (a vocabulary is small): cached, up to a bound. */
const cache = new Map<string, string>();
const CACHE_MAX = 200_000;

export function stemEnglish(word: string): string {
  let stem = cache.get(word);
  if (stem === undefined) {
    stem = english.stem(word);
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(word, stem);
  }
  return stem;
}
