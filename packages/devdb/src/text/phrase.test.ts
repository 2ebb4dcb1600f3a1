import { foldForMatch } from '@forum/search-text';
import { describe, expect, it } from 'vitest';
import type { Doc } from '../bson.js';
import { phraseIn } from './phrase.js';
import { textSpecOf, textValues } from './text-spec.js';

const spec = (weights: Doc) =>
  textSpecOf({ weights, default_language: 'english', language_override: 'language' });

/** The general walk's answer, which the top-level fast path must give too. */
const byWalk = (s: ReturnType<typeof spec>, doc: Doc, phrase: string) =>
  [...textValues(s, doc)].some(({ text }) => foldForMatch(text).includes(foldForMatch(phrase)));

const DOCS: Doc[] = [
  { title: 'The Red Fox', content: 'jumps' },
  { title: ['red fox', 3, ['red fox']], content: null },
  { title: { red: 'red fox' }, content: [{ x: 'red fox' }] },
  { other: 'red fox', content: 'Crème BRÛLÉE and a red fox' },
  { title: 'nothing here' },
];

describe('phraseIn', () => {
  it('reads top-level text fields directly, with the general walk’s answers', () => {
    const s = spec({ title: 3, content: 1 });
    for (const doc of DOCS) {
      for (const phrase of ['red fox', 'creme brulee', 'fox jumps']) {
        expect(phraseIn(s, doc, phrase), `${phrase} in ${JSON.stringify(doc)}`).toBe(
          byWalk(s, doc, phrase),
        );
      }
    }
    expect(DOCS.map((doc) => phraseIn(s, doc, 'red fox'))).toEqual([
      true,
      true,
      false,
      true,
      false,
    ]);
  });

  it('walks the document for a nested path', () => {
    const s = spec({ 'title.red': 1 });
    expect(phraseIn(s, DOCS[2]!, 'red fox')).toBe(true);
    expect(phraseIn(s, DOCS[0]!, 'red fox')).toBe(false);
  });
});
