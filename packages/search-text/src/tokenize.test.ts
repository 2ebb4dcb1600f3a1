import { describe, expect, it } from 'vitest';
import { terms, termsOf, wordSpans, words } from './tokenize.js';

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
