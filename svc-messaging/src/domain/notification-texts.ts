/** Titles and bodies of notifications; plain text (the client renders text, never markup). */

const quoted = (title: string) => `"${title}"`;
const upvotes = (count: number) => (count === 1 ? 'an upvote' : `${count} upvotes`);

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
} as const;
