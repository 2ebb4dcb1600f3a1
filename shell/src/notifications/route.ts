import type { Notification } from '@forum/sdk';

export type NotificationAction =
  { kind: 'navigate'; to: string } | { kind: 'invite' } | { kind: 'none' };

type Routable = Pick<Notification, 'type' | 'related_id' | 'post_id'>;

const COMMENT_TYPES = new Set(['reply_to_post', 'reply_to_comment', 'post_comment']);

const seg = encodeURIComponent;

/**
 * A post, or one of its comments: for moderation, report and mention notifications related_id is
 * the comment when it concerns a comment and the post itself when it concerns the post.
 */
function toItem(postId: string, relatedId: string | null): NotificationAction {
  return relatedId && relatedId !== postId
    ? { kind: 'navigate', to: `/post/${seg(postId)}#comment-${seg(relatedId)}` }
    : { kind: 'navigate', to: `/post/${seg(postId)}` };
}

/** A community's public moderation log (related_id carries the community's name). */
function toModlog(communityName: string | null): NotificationAction {
  return communityName
    ? { kind: 'navigate', to: `/c/${seg(communityName)}/modlog` }
    : { kind: 'none' };
}

/**
 * Spec §4 click routing: private_message -> /inbox/{related_id}; the two referral types open the
 * invite modal; badge_earned -> the user's own profile; comment types ->
 * /post/{post_id}#comment-{related_id}; others -> the post.
 * EXTENSIONS §M7: mod_action and appeal_decided open the item (post or comment) or, for a ban
 * (no post), /c/{name}/modlog; report_resolved and mention open the post or comment (a message
 * report goes nowhere); election opens the community's log until elections have pages of their
 * own.
 */
export function notificationAction(n: Routable, username: string): NotificationAction {
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
    case 'mod_action':
    case 'appeal_decided':
      return n.post_id ? toItem(n.post_id, n.related_id) : toModlog(n.related_id);
    case 'mention':
    case 'report_resolved':
      return n.post_id ? toItem(n.post_id, n.related_id) : { kind: 'none' };
    case 'election':
      return toModlog(n.related_id);
    default:
      if (!n.post_id) return { kind: 'none' };
      if (COMMENT_TYPES.has(n.type) && n.related_id) {
        return { kind: 'navigate', to: `/post/${seg(n.post_id)}#comment-${seg(n.related_id)}` };
      }
      return { kind: 'navigate', to: `/post/${seg(n.post_id)}` };
  }
}
