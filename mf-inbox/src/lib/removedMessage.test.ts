import { describe, expect, it } from 'vitest';
import { REMOVED_TEXT } from '@forum/contracts';
import { REMOVED_MESSAGE_CONTENT, isRemovedContent } from './removedMessage';

describe('removed messages', () => {
  it('recognises the server’s placeholder, and only it', () => {
    expect(REMOVED_MESSAGE_CONTENT).toBe(REMOVED_TEXT);
    expect(isRemovedContent(REMOVED_TEXT)).toBe(true);
    expect(isRemovedContent('[removed] but more')).toBe(false);
    expect(isRemovedContent('hello')).toBe(false);
  });
});
