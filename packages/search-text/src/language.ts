/** The text languages implemented: English (stemmed, stop words) and 'none' (neither). */
export type TextLanguage = 'english' | 'none';
