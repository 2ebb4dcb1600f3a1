/** Titles and bodies of notifications; plain text (the client renders text, never markup). */
import type { ModlogAction, REPORT_TARGETS } from '@forum/contracts';

const quoted = (title: string) => `"${title}"`;
const upvotes = (count: number) => (count === 1 ? 'an upvote' : `${count} upvotes`);

/** mod_action titles by action (EXTENSIONS §M7); others read as a generic moderator action. */
const MOD_ACTION_TITLES: Partial<Record<ModlogAction, (community: string) => string>> = {
  remove_post: (c) => `Your post was removed from c/${c}`,
  restore_post: (c) => `Your post was restored in c/${c}`,
  remove_comment: (c) => `Your comment was removed from c/${c}`,
  restore_comment: (c) => `Your comment was restored in c/${c}`,
  lock_post: (c) => `Your post was locked in c/${c}`,
  unlock_post: (c) => `Your post was unlocked in c/${c}`,
  ban_user: (c) => `You were banned from c/${c}`,
  unban_user: (c) => `Your ban from c/${c} was lifted`,
};
const day = (iso: string) => iso.slice(0, 10);

/** The log actions that decide an appeal: the appellant gets `appeal_decided`, not `mod_action`. */
export type AppealDecision = Extract<ModlogAction, 'appeal_overturned' | 'appeal_upheld'>;
export const isAppealDecision = (action: ModlogAction): action is AppealDecision =>
  action === 'appeal_overturned' || action === 'appeal_upheld';

const APPEAL_TITLES: Record<AppealDecision, string> = {
  appeal_overturned: 'Your appeal was accepted',
  appeal_upheld: 'Your appeal was declined',
};

const REPORTED_ITEM: Record<(typeof REPORT_TARGETS)[number], string> = {
  post: 'A post',
  comment: 'A comment',
  message: 'A message',
};

export const NotificationText = {
  replyToPost: (author: string, postTitle: string, preview: string) => ({
    title: `u/${author} commented on your post`,
    content: `${quoted(postTitle)}: ${preview}`,
  }),
  replyToComment: (author: string, postTitle: string, preview: string) => ({
    title: `u/${author} replied to your comment`,
    content: `${quoted(postTitle)}: ${preview}`,
  }),
  postComment: (author: string, postTitle: string, preview: string) => ({
    title: `u/${author} commented on a post you follow`,
    content: `${quoted(postTitle)}: ${preview}`,
  }),
  /** EXTENSIONS §F3: `u/name` in a new post's content or a new comment. */
  mention: (author: string, itemType: 'post' | 'comment', postTitle: string, preview: string) => ({
    title: `u/${author} mentioned you in a ${itemType}`,
    content: `${quoted(postTitle)}: ${preview}`,
  }),
  /** Coalesced: the title counts the upvotes folded into one unread notification. */
  postVoteTitle: (count: number) => `Your post received ${upvotes(count)}`,
  commentVoteTitle: (count: number) => `Your comment received ${upvotes(count)}`,
  postVoteContent: (postTitle: string) => quoted(postTitle),
  commentVoteContent: (postTitle?: string) =>
    postTitle ? `On ${quoted(postTitle)}` : 'On one of your comments',
  privateMessage: (sender: string, subject: string, preview: string) => ({
    title: `New message from u/${sender}`,
    content: `${subject}: ${preview}`,
  }),
  referralSuccess: (referred: string, completed: number) => ({
    title: 'Your referral joined!',
    content: `u/${referred} signed up with your invite link. Completed referrals: ${completed}.`,
  }),
  badgeEarned: (name: string, description: string) => ({
    title: `You earned the ${name} badge`,
    content: description,
  }),
  referralAnnouncement: () => ({
    title: 'Welcome! Invite your friends',
    content:
      'Share your referral link from the Invite button. Earn the Community Builder badge after 3 friends join.',
  }),
  /** A moderator's action on your content or account: the reason, the item, a ban's end. */
  modAction: (e: {
    action: ModlogAction;
    community_name: string;
    target_title: string | null;
    reason: string | null;
    expires_at: string | null;
  }) => ({
    title: (MOD_ACTION_TITLES[e.action] ?? ((c) => `A moderator of c/${c} took an action`))(
      e.community_name,
    ),
    content: [
      e.target_title ? quoted(e.target_title) : null,
      `Reason: ${e.reason ?? 'none given'}`,
      e.action === 'ban_user' ? (e.expires_at ? `Until ${day(e.expires_at)}` : 'Permanent') : null,
    ]
      .filter(Boolean)
      .join(' · '),
  }),
  /** The outcome of your appeal; the content is the deciding moderator's reason. */
  appealDecided: (e: { action: AppealDecision; reason: string | null }) => ({
    title: APPEAL_TITLES[e.action],
    content: e.reason ?? '',
  }),
  /** To each reporter of an item that was removed (EXTENSIONS §M5, §M7). */
  reportResolved: (e: {
    target_type: (typeof REPORT_TARGETS)[number];
    target_title: string | null;
    community_name: string | null;
  }) => ({
    title: `${REPORTED_ITEM[e.target_type]} you reported was removed`,
    content:
      e.target_type === 'message'
        ? 'Thank you for reporting it.'
        : [
            e.target_title &&
              `${e.target_type === 'comment' ? 'On ' : ''}${quoted(e.target_title)}`,
            e.community_name && `in c/${e.community_name}`,
          ]
            .filter(Boolean)
            .join(' '),
  }),
  /**
   * The result of an election (EXTENSIONS §E) to its candidates and its voters: the title names
   * the community and who was elected; nothing says who approved whom.
   */
  election: (e: {
    community_name: string;
    winner_usernames: string[];
    audience: 'candidates' | 'voters';
  }) => ({
    title: e.winner_usernames.length
      ? `Election in c/${e.community_name}: ${e.winner_usernames.join(', ')} elected`
      : `Election in c/${e.community_name}: nobody was elected`,
    content:
      e.audience === 'candidates'
        ? 'Thank you for standing. The approvals for each candidate are on the election page.'
        : 'Thank you for voting. The approvals for each candidate are on the election page.',
  }),
} as const;
