import { describe, expect, it } from 'vitest';
import { fold, termOf, termsOf, words } from './words.js';

describe('words', () => {
  it('splits on spaces, punctuation, dashes and quotes, keeping offsets', () => {
    const text = 'Hello, world! e-mail "quoted" alice_smith don\'t';
    expect(words(text).map((w) => w.text)).toEqual([
      'Hello',
      'world',
      'e',
      'mail',
      'quoted',
      'alice_smith',
      'don',
      't',
    ]);
    for (const w of words(text)) expect(text.slice(w.start, w.end)).toBe(w.text);
  });

  it('keeps letters of any script and digits together', () => {
    expect(words('Ünïcödé 日本語 v2 42').map((w) => w.text)).toEqual([
      'Ünïcödé',
      '日本語',
      'v2',
      '42',
    ]);
  });
});

describe('fold', () => {
  it('removes case and accents', () => {
    expect(fold('Café CRÈME Ñandú')).toBe('cafe creme nandu');
  });
});

describe('termOf', () => {
  it('stems English words (Porter2), after folding', () => {
    expect(termOf('Running')).toBe('run');
    expect(termOf('runs')).toBe('run');
    expect(termOf('Databases')).toBe('databas');
    expect(termOf('Résumés')).toBe(termOf('resumes'));
  });

  it('leaves stop words out', () => {
    expect(termOf('The')).toBeUndefined();
    expect(termOf('between')).toBeUndefined();
    expect(termOf('beatles')).toBe('beatl');
  });
});

describe('termsOf', () => {
  it('gives each term once across texts', () => {
    expect(termsOf('Running and runs', 'the runner ran').sort()).toEqual(['ran', 'run', 'runner']);
  });
});
