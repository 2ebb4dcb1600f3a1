import { describe, expect, it } from 'vitest';
import { highlightRanges } from './highlight.js';
import { parseSearch } from './search.js';
import { wordSpans, wordTerm } from './tokenize.js';

const marked = (text: string, q: string) =>
  highlightRanges(text, parseSearch(q)).map(([s, e]) => text.slice(s, e));

describe('highlightRanges', () => {
  it('marks every form of a searched word', () => {
    expect(marked('I run, she runs, they were Running.', 'running')).toEqual([
      'run',
      'runs',
      'Running',
    ]);
  });

  it('marks phrases case- and accent-insensitively, over stop words, as one range', () => {
    expect(marked('The State of the Art café', '"state of the art" cafe')).toEqual([
      'State of the Art',
      'café',
    ]);
  });

  it('keeps offsets right after characters that fold to other lengths', () => {
    expect(marked('İstanbul ﬁsh and Café', 'cafe')).toEqual(['Café']);
  });

  it("keeps an English word with an apostrophe whole, as MongoDB's index does", () => {
    expect(marked("Five O'Clock tea", "o'clock")).toEqual(["O'Clock"]);
  });

  it('marks nothing for exclusions or stop words', () => {
    expect(highlightRanges('the dogs', parseSearch('the -dogs'))).toEqual([]);
  });

  it('marks ASCII texts as the code-point-by-code-point folding does', () => {
    // A text with a non-ASCII word after it takes the general path; the ASCII one the plain one.
    let seed = 5;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = (xs: string) => xs[Math.floor(next() * xs.length)]!;
    for (let n = 0; n < 500; n++) {
      const text = Array.from({ length: Math.floor(next() * 30) }, () => pick('abAB ^`.x')).join(
        '',
      );
      const phrase = Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick('abAB ^x')).join(
        '',
      );
      const search = parseSearch(`"${phrase}" ab`);
      // '.' ends the last word and is in no phrase: nothing matched reaches into the ".é".
      expect(highlightRanges(text, search), `${text} / ${phrase}`).toEqual(
        highlightRanges(`${text}.é`, search),
      );
    }
  });

  it('marks each word whose term is searched, whatever its first letter', () => {
    // Every word's term computed, against the marks (which skip words that cannot match).
    const text =
      "Yearly yields, yelling YODA: 'tis Ölçek, éclair ECLAIR 2nd 2NDS idly Idly skies Skis " +
      "dying Dying Only only news ugly UGLIER 'quoted' Über über Ångström _undergo x-ray İzmir";
    for (const q of [
      'yearly',
      'yield yell',
      'eclair',
      'olcek',
      'tis',
      '2nds',
      'idly skies',
      'die',
      'onli news',
      'uglier',
      'quoted',
      'uber',
      'angstrom',
      '_undergo',
      'ray',
      'İzmir',
    ]) {
      const wanted = new Set(parseSearch(q).terms);
      const expected = wordSpans(text)
        .filter((w) => wanted.has(wordTerm(w.text, 'english', { filterStopWords: true }) ?? ''))
        .map((w) => w.text);
      expect(expected.length, q).toBeGreaterThan(0);
      expect(marked(text, q), q).toEqual(expected);
    }
  });
});
