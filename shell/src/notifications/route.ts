import type { Notification } from '@forum/sdk';

export type NotificationAction =
  { kind: 'navigate'; to: string } | { kind: 'invite' } | { kind: 'none' };

const COMMENT_TYPES = new Set(['reply_to_post', 'reply_to_comment', 'post_comment']);

/**
 * Spec §4 click routing: private_message -> /inbox/{related_id}; the two referral types open the
 * invite modal; badge_earned -> the user's own profile; comment types ->
 * /post/{post_id}#comment-{related_id}; others -> the post.
 */
export function notificationAction(
  n: Pick<Notification, 'type' | 'related_id' | 'post_id'>,
  username: string,
): NotificationAction {
  const seg = encodeURIComponent;
  switch (n.type) {
    case 'private_message':
      return n.related_id
        ? { kind: 'navigate', to: `/inbox/${seg(n.related_id)}` }
        : { kind: 'navigate', to: '/inbox' };
    case 'referral_program_announcement':
    case 'referral_success':
      return { kind: 'invite' };
    case 'badge_earned':
      return { kind: 'navigate', to: `/u/${seg(username)}` };
    default:
      if (!n.post_id) return { kind: 'none' };
      if (COMMENT_TYPES.has(n.type) && n.related_id) {
        return { kind: 'navigate', to: `/post/${seg(n.post_id)}#comment-${seg(n.related_id)}` };
      }
      return { kind: 'navigate', to: `/post/${seg(n.post_id)}` };
  }
}
