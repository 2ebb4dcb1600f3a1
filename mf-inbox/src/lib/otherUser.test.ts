import { describe, expect, it } from 'vitest';
import { isDeletedUser, otherUserLabel } from './otherUser';

describe('otherUserLabel', () => {
  it('prefixes a name with u/ and shows a deleted account as [deleted]', () => {
    expect(otherUserLabel('alice')).toBe('u/alice');
    expect(otherUserLabel('[deleted]')).toBe('[deleted]');
    expect(isDeletedUser('[deleted]')).toBe(true);
    expect(isDeletedUser('deleted')).toBe(false);
  });
});
