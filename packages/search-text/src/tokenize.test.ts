import { describe, expect, it } from 'vitest';
import { terms, termsOf, wordSpans, wordTerm, words } from './tokenize.js';

describe('words', () => {
  it('splits on MongoDB’s delimiters; the apostrophe only outside English', () => {
    expect(words("Don't stop—e-mail me: foo_bar, x.y!¿qué?", 'english')).toEqual([
      "Don't",
      'stop',
      'e',
      'mail',
      'me',
      'foo_bar',
      'x',
      'y',
      'qué',
    ]);
    expect(words("don't", 'none')).toEqual(['don', 't']);
    expect(words('  \t\n ', 'english')).toEqual([]);
  });
});

describe('terms', () => {
  it('lower-cases, drops stop words, stems, then strips diacritics', () => {
    expect(
      terms("The Runners were RUNNING, didn't they? Cafés!", 'english', { filterStopWords: true }),
    ).toEqual(['runner', 'run', 'cafe']);
    expect(terms('the running', 'english', { filterStopWords: false })).toEqual(['the', 'run']);
  });

  it('neither stems nor drops stop words for language none', () => {
    expect(terms('The Running', 'none', { filterStopWords: true })).toEqual(['the', 'running']);
  });

  it('stems with Snowball English (Porter2)', () => {
    const stem = (w: string) => terms(w, 'english', { filterStopWords: true });
    expect(['generously', 'skies', 'dying', 'happily', 'relational', 'mp3'].map(stem)).toEqual([
      ['generous'],
      ['sky'],
      ['die'],
      ['happili'],
      ['relat'],
      ['mp3'],
    ]);
  });
});

describe('wordSpans', () => {
  it('gives each word with its offsets in the text', () => {
    const text = 'Hello, wörld!  e-mail';
    const spans = wordSpans(text);
    expect(spans.map((w) => w.text)).toEqual(['Hello', 'wörld', 'e', 'mail']);
    for (const w of spans) expect(text.slice(w.start, w.end)).toBe(w.text);
  });
});

describe('termsOf', () => {
  it('gives each term of the texts once, stop words left out', () => {
    expect(termsOf('Running and runs', 'the runner ran').sort()).toEqual(['ran', 'run', 'runner']);
  });
});

/** MongoDB's delimiters as the Unicode-property regex the scanner replaced (the reference). */
const DELIMITERS =
  '\\p{White_Space}\\p{Dash}\\p{Quotation_Mark}\\p{Terminal_Punctuation}' +
  '\\p{Pattern_Syntax}\\p{Sentence_Terminal}\\u00AD\\u30FB\\uFF65';
const REFERENCE = {
  english: new RegExp(`(?:'|[^${DELIMITERS}])+`, 'gu'),
  none: new RegExp(`[^${DELIMITERS}]+`, 'gu'),
};

describe('the word scanner', () => {
  it('splits as the Unicode-property regex does, surrogate pairs and lone halves included', () => {
    // ASCII, accents, delimiters of each property, CJK, emoji (pairs), lone surrogates.
    const alphabet = [
      ...'abcXYZ019_\'"-.,;:!?()[]{}<>/\\@#$%^&*+=|~` \t\n',
      ...'éøßİς\u00AD\u2014\u2019\u201C\u3002\u30FB\uFF65\u00A0\u2028中文',
      '😀',
      '\uD83D',
      '\uDE00',
    ];
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let n = 0; n < 2000; n++) {
      const length = Math.floor(next() * 24);
      const text = Array.from(
        { length },
        () => alphabet[Math.floor(next() * alphabet.length)]!,
      ).join('');
      for (const language of ['english', 'none'] as const) {
        const expected = [...text.matchAll(REFERENCE[language])].map((m) => m[0]);
        expect(words(text, language), JSON.stringify(text)).toEqual(expected);
      }
      const spans = wordSpans(text);
      for (const w of spans) expect(text.slice(w.start, w.end)).toBe(w.text);
    }
  });
});

describe('wordTerm', () => {
  it('answers a repeated word as the first time, with and without stop words', () => {
    for (let round = 0; round < 2; round++) {
      expect(wordTerm('The', 'english', { filterStopWords: true })).toBeUndefined();
      expect(wordTerm('The', 'english', { filterStopWords: false })).toBe('the');
      expect(wordTerm('Cafés', 'english', { filterStopWords: true })).toBe('cafe');
      expect(wordTerm('RUNNING', 'english', { filterStopWords: true })).toBe('run');
      expect(wordTerm('Running', 'none', { filterStopWords: true })).toBe('running');
    }
  });
});
