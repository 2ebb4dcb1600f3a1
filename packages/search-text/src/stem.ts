import snowball from 'snowball-stemmers';

/**
 * Snowball's English (Porter2) stemmer, the one MongoDB's text indexes use through
 * libstemmer (src/mongo/db/fts/stemmer.cpp). Its input is lower-cased, diacritics kept.
 * Not cached here: wordTerm (tokenize.ts) remembers each written word's whole term.
 */
const english = snowball.newStemmer('english');

export const stemEnglish = (word: string): string => english.stem(word);
