import { describe, expect, it } from 'vitest';
import { documentTermScores } from './score.js';
import { textSpecOf } from './text-spec.js';

const spec = textSpecOf({
  weights: { title: 3, content: 1, 'comments.body': 2 },
  default_language: 'english',
  language_override: 'language',
});

describe('documentTermScores', () => {
  it('follows MongoDB’s formula per field, term and repeat', () => {
    const scores = documentTermScores(spec, {
      title: 'Run',
      content: 'run, run, RUN away',
    });
    // title: whole field (x1.1), one token. content: 3 of 4 tokens, frequency 1 + 1/2 + 1/4.
    expect(scores.get('run')).toBe(3 * 1 * 1 * 1.1 + 1 * 1.75 * ((0.5 * 3) / 4 + 0.5));
    expect(scores.get('away')).toBe(1 * 1 * ((0.5 * 1) / 4 + 0.5));
  });

  it('reads strings in arrays and sub-documents on weighted paths only', () => {
    const scores = documentTermScores(spec, {
      content: ['apple', 'pear apple'],
      comments: [{ body: 'banana' }, { other: 'cherry' }],
      unrelated: 'grape',
    });
    expect(scores.get('appl')).toBe(1 * 1 * 1 + 1 * 1 * 0.75);
    expect(scores.get('banana')).toBe(2 * 1.1);
    expect(scores.has('cherri')).toBe(false);
    expect(scores.has('grape')).toBe(false);
  });

  it('uses a document’s language override, and refuses one devdb does not implement', () => {
    expect([
      ...documentTermScores(spec, { title: 'the running', language: 'none' }).keys(),
    ]).toEqual(['the', 'running']);
    expect(() => documentTermScores(spec, { title: 'x', language: 'klingon' })).toThrow(
      /language override unsupported: klingon/,
    );
  });
});
