import { describe, expect, it } from 'vitest';
import { highlightRanges } from './highlight.js';
import { parseSearch } from './search.js';

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
});
