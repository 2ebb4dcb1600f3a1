import { describe, expect, it } from 'vitest';
import { mentionedUsernames } from './mentioned-usernames.js';

describe('mentionedUsernames', () => {
  it('keeps the first ten distinct names in order, without the author', () => {
    const names = Array.from({ length: 12 }, (_, i) => `user${i}`);
    const text = `u/Author hi ${names.map((n) => `u/${n}`).join(' ')} u/USER0`;
    expect(mentionedUsernames(text, 'author')).toEqual(names.slice(0, 10));
  });

  it('finds none in code or links', () => {
    expect(mentionedUsernames('`u/bob`\n\n    u/carol\n\n[u/dave](https://x.test)', 'me')).toEqual(
      [],
    );
  });
});
