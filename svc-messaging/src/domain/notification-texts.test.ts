import { describe, expect, it } from 'vitest';
import { isAppealDecision, NotificationText } from './notification-texts.js';

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
    expect(NotificationText.mention('bob', 'comment', 'Cats', 'hi u/amy')).toEqual({
      title: 'u/bob mentioned you in a comment',
      content: '"Cats": hi u/amy',
    });
  });

  it("tells an appellant the outcome, with the decision's reason", () => {
    expect(
      NotificationText.appealDecided({ action: 'appeal_overturned', reason: 'Fair point' }),
    ).toEqual({
      title: 'Your appeal was accepted',
      content: 'Fair point',
    });
    expect(
      NotificationText.appealDecided({ action: 'appeal_upheld', reason: 'Still spam' }),
    ).toEqual({
      title: 'Your appeal was declined',
      content: 'Still spam',
    });
  });

  it('tells appeal outcomes apart from the other log actions', () => {
    expect(isAppealDecision('appeal_overturned')).toBe(true);
    expect(isAppealDecision('appeal_upheld')).toBe(true);
    expect(isAppealDecision('remove_post')).toBe(false);
    expect(isAppealDecision('ban_user')).toBe(false);
  });

  it('names what a reporter reported and where', () => {
    const at = { target_title: 'My cat', community_name: 'cats' };
    expect(NotificationText.reportResolved({ target_type: 'post', ...at })).toEqual({
      title: 'A post you reported was removed',
      content: '"My cat" in c/cats',
    });
    expect(NotificationText.reportResolved({ target_type: 'comment', ...at })).toEqual({
      title: 'A comment you reported was removed',
      content: 'On "My cat" in c/cats',
    });
    expect(
      NotificationText.reportResolved({
        target_type: 'message',
        target_title: null,
        community_name: null,
      }),
    ).toEqual({
      title: 'A message you reported was removed',
      content: 'Thank you for reporting it.',
    });
  });
});
