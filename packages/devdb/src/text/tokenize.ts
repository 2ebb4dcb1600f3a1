import { foldCase, stripDiacritics } from './fold.js';
import type { TextLanguage } from './language.js';
import { stemEnglish } from './stem.js';
import { ENGLISH_STOP_WORDS } from './stop-words.js';

/**
 * MongoDB's word delimiters (src/mongo/db/fts/unicode/gen_delimiter_list.py): code points with
 * the Unicode properties White_Space, Dash, Hyphen, Quotation_Mark, Terminal_Punctuation,
 * Pattern_Syntax or STerm. JavaScript has no Hyphen property: its members that are not Dash
 * are listed. For English the apostrophe is not a delimiter ("don't" is one word).
 */
const DELIMITER_CLASS =
  '[\\p{White_Space}\\p{Dash}\\p{Quotation_Mark}\\p{Terminal_Punctuation}' +
  '\\p{Pattern_Syntax}\\p{Sentence_Terminal}\\u00AD\\u30FB\\uFF65]';
const ENGLISH_DELIMITERS = new RegExp(`(?:(?!')${DELIMITER_CLASS})+`, 'u');
const OTHER_DELIMITERS = new RegExp(`${DELIMITER_CLASS}+`, 'u');

/** The raw words of `text`: runs of non-delimiters. */
export function words(text: string, language: TextLanguage): string[] {
  const parts = text.split(language === 'english' ? ENGLISH_DELIMITERS : OTHER_DELIMITERS);
  return parts.filter((w) => w.length > 0);
}

export interface TermOptions {
  /** Leave out stop words (index keys and queries do; the matcher does not). */
  filterStopWords: boolean;
}

/**
 * The terms of `text` as MongoDB's UnicodeFTSTokenizer makes them
 * (src/mongo/db/fts/fts_unicode_tokenizer.cpp): each word lower-cased, dropped if a stop
 * word, stemmed, then stripped of diacritics (the stemmer is diacritic-sensitive).
 */
export function terms(text: string, language: TextLanguage, opts: TermOptions): string[] {
  const out: string[] = [];
  for (const word of words(text, language)) {
    const lower = foldCase(word);
    if (language === 'english') {
      if (opts.filterStopWords && ENGLISH_STOP_WORDS.has(lower)) continue;
      out.push(stripDiacritics(stemEnglish(lower)));
    } else {
      out.push(stripDiacritics(lower));
    }
  }
  return out;
}
