import { describe, expect, it } from 'vitest';
import { notificationAction } from './route';

const base = { related_id: 'r1', post_id: 'p1' };

describe('notificationAction', () => {
  it.each([
    ['private_message', { kind: 'navigate', to: '/inbox/r1' }],
    ['referral_program_announcement', { kind: 'invite' }],
    ['referral_success', { kind: 'invite' }],
    ['badge_earned', { kind: 'navigate', to: '/u/alice' }],
    ['reply_to_post', { kind: 'navigate', to: '/post/p1#comment-r1' }],
    ['reply_to_comment', { kind: 'navigate', to: '/post/p1#comment-r1' }],
    ['post_comment', { kind: 'navigate', to: '/post/p1#comment-r1' }],
    ['post_vote', { kind: 'navigate', to: '/post/p1' }],
    ['comment_vote', { kind: 'navigate', to: '/post/p1' }],
    ['community_invite', { kind: 'navigate', to: '/post/p1' }],
  ] as const)('%s', (type, action) => {
    expect(notificationAction({ ...base, type }, 'alice')).toEqual(action);
  });

  it('does nothing for a post type without a post', () => {
    expect(notificationAction({ type: 'post_vote', related_id: null, post_id: null }, 'a')).toEqual(
      {
        kind: 'none',
      },
    );
  });
});
