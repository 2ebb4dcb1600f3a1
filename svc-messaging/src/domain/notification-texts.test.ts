import { describe, expect, it } from 'vitest';
import { NotificationText } from './notification-texts.js';

describe('notification texts', () => {
  it('counts coalesced upvotes in the title', () => {
    expect(NotificationText.postVoteTitle(1)).toBe('Your post received an upvote');
    expect(NotificationText.postVoteTitle(3)).toBe('Your post received 3 upvotes');
    expect(NotificationText.commentVoteTitle(2)).toBe('Your comment received 2 upvotes');
  });

  it('names the actor and the post', () => {
    expect(NotificationText.replyToComment('bob', 'Cats', 'so true')).toEqual({
      title: 'u/bob replied to your comment',
      content: '"Cats": so true',
    });
    expect(NotificationText.commentVoteContent()).toBe('On one of your comments');
  });
});
