import { describe, expect, it } from 'vitest';
import { DELETED_AUTHOR as CONTRACT_DELETED_AUTHOR } from '@forum/contracts';
import { DELETED_AUTHOR, isDeletedAuthor } from './AuthorName';

describe("the copy of the contracts' deleted author name", () => {
  it('is what the API shows for a deleted account', () => {
    expect(DELETED_AUTHOR).toBe(CONTRACT_DELETED_AUTHOR);
    expect(isDeletedAuthor(CONTRACT_DELETED_AUTHOR)).toBe(true);
    expect(isDeletedAuthor('someone')).toBe(false);
  });
});
