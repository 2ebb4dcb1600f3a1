import { describe, expect, it } from 'vitest';
import { findMentions } from './mentions.js';

describe('findMentions', () => {
  it('finds users and communities once each, as first written, in order', () => {
    expect(
      findMentions('u/Bob and c/rust_lang, then u/alice, U/x, u/bob again and c/Rust_Lang'),
    ).toEqual({
      users: ['Bob', 'alice'],
      communities: ['rust_lang'],
    });
  });

  it('skips code, links, autolinks and invalid names', () => {
    const markdown = [
      '`u/incode` and\n\n```\nu/inblock\n```',
      '[u/inlink](https://example.com) https://example.com/u/inurl www.example.com/c/inwww',
      'path/u/nope u/ab u/under_score c/' + 'x'.repeat(51),
      '**u/bold** >!u/spoiled!< > u/quoted',
    ].join('\n\n');
    expect(findMentions(markdown)).toEqual({
      users: ['bold', 'spoiled', 'quoted'],
      communities: [],
    });
  });

  it('returns nothing for empty, huge or hostile text, and finishes', () => {
    expect(findMentions('')).toEqual({ users: [], communities: [] });
    expect(findMentions('>'.repeat(50_000))).toEqual({ users: [], communities: [] });
    expect(findMentions(`${'> '.repeat(5_000)}u/deep`).users).toEqual(['deep']);
  });
});
