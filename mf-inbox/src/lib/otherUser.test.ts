import { describe, expect, it } from 'vitest';
import { DELETED_AUTHOR as CONTRACT_DELETED_AUTHOR } from '@forum/contracts';
import { DELETED_AUTHOR, isDeletedUser, otherUserLabel } from './otherUser';

describe('otherUserLabel', () => {
  it('prefixes a name with u/ and shows a deleted account as [deleted]', () => {
    expect(DELETED_AUTHOR).toBe(CONTRACT_DELETED_AUTHOR);
    expect(otherUserLabel('alice')).toBe('u/alice');
    expect(otherUserLabel(CONTRACT_DELETED_AUTHOR)).toBe('[deleted]');
    expect(isDeletedUser(CONTRACT_DELETED_AUTHOR)).toBe(true);
    expect(isDeletedUser('deleted')).toBe(false);
  });
});
