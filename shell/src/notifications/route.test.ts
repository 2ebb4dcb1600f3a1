import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES } from '@forum/contracts';
import type { NotificationType } from '@forum/contracts';
import { notificationAction } from './route';
import type { NotificationAction } from './route';

type Ids = { related_id: string | null; post_id: string | null };

const onComment: Ids = { related_id: 'c1', post_id: 'p1' };
/** Moderation and mention notifications about a post carry the post's id twice. */
const onPost: Ids = { related_id: 'p1', post_id: 'p1' };
/** A ban or unban: no post, the community's name. */
const onCommunity: Ids = { related_id: 'cats', post_id: null };
const nothing: Ids = { related_id: null, post_id: null };

const go = (to: string): NotificationAction => ({ kind: 'navigate', to });
const none: NotificationAction = { kind: 'none' };

/** Every type with the cases its routing tells apart. */
const cases: Record<NotificationType, [string, Ids, NotificationAction][]> = {
  private_message: [
    ['the conversation', onComment, go('/inbox/c1')],
    ['no conversation: the inbox', nothing, go('/inbox')],
  ],
  referral_program_announcement: [['the invite modal', nothing, { kind: 'invite' }]],
  referral_success: [['the invite modal', onComment, { kind: 'invite' }]],
  badge_earned: [['the own profile', { related_id: 'b1', post_id: null }, go('/u/alice')]],
  reply_to_post: [
    ['the comment', onComment, go('/post/p1#comment-c1')],
    ['no post', nothing, none],
  ],
  reply_to_comment: [['the comment', onComment, go('/post/p1#comment-c1')]],
  post_comment: [['the comment', onComment, go('/post/p1#comment-c1')]],
  post_vote: [
    ['the post', onPost, go('/post/p1')],
    ['no post', nothing, none],
  ],
  comment_vote: [['the post', onComment, go('/post/p1')]],
  community_invite: [['the post', onComment, go('/post/p1')]],
  mod_action: [
    ['a post action: the post', onPost, go('/post/p1')],
    ['a comment action: the comment', onComment, go('/post/p1#comment-c1')],
    ['a ban: the community log', onCommunity, go('/c/cats/modlog')],
    ['nothing to open', nothing, none],
  ],
  appeal_decided: [
    ['a post appeal: the post', onPost, go('/post/p1')],
    ['a comment appeal: the comment', onComment, go('/post/p1#comment-c1')],
    ['a ban appeal: the community log', onCommunity, go('/c/cats/modlog')],
    ['nothing to open', nothing, none],
  ],
  report_resolved: [
    ['a post: the post', onPost, go('/post/p1')],
    ['a comment: where it was', onComment, go('/post/p1#comment-c1')],
    ['a message: nowhere', nothing, none],
  ],
  mention: [
    ['in a post: the post', onPost, go('/post/p1')],
    ['in a comment: the comment', onComment, go('/post/p1#comment-c1')],
    ['no post', nothing, none],
  ],
  election: [
    ['the community log', onCommunity, go('/c/cats/modlog')],
    ['no community', nothing, none],
  ],
};

describe('notificationAction', () => {
  it('routes every notification type of the contract', () => {
    expect(Object.keys(cases).sort()).toEqual([...NOTIFICATION_TYPES].sort());
  });

  describe.each(Object.entries(cases))('%s', (type, rows) => {
    it.each(rows)('%s', (_what, ids, action) => {
      expect(notificationAction({ type: type as NotificationType, ...ids }, 'alice')).toEqual(
        action,
      );
    });
  });

  it('encodes ids and names into the path', () => {
    expect(
      notificationAction({ type: 'mod_action', related_id: 'a b/c', post_id: null }, 'x'),
    ).toEqual(go('/c/a%20b%2Fc/modlog'));
    expect(notificationAction({ type: 'badge_earned', ...nothing }, 'a/b')).toEqual(go('/u/a%2Fb'));
  });
});
