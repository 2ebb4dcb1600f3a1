/** Subjects are `<service>.<entity>.<verb>` (ARCHITECTURE §3). */
export const Subjects = {
  UserRegistered: 'identity.user.registered',
  UserUpdated: 'identity.user.updated',
  ReferralCompleted: 'identity.referral.completed',
  BadgeEarned: 'identity.badge.earned',
  BlockChanged: 'identity.block.changed',
  UserDeleted: 'identity.user.deleted',
  CommentCreated: 'forum.comment.created',
  CommentSubscribers: 'forum.comment.subscribers',
  PostVoted: 'forum.post.voted',
  CommentVoted: 'forum.comment.voted',
  ModActionRecorded: 'forum.mod_action.recorded',
  ReportResolved: 'forum.report.resolved',
  SiteModerationRecorded: 'identity.user.site_moderated',
  ElectionDecided: 'forum.election.decided',
  MentionRecorded: 'forum.mention.recorded',
  MessageReported: 'messaging.message.reported',
  MessageSent: 'messaging.message.sent',
} as const;

/**
 * One durable stream per producing service; consumers and producers both ensure it exists.
 */
export const Streams = {
  identity: { name: 'IDENTITY', subjects: ['identity.>'] },
  forum: { name: 'FORUM', subjects: ['forum.>'] },
  messaging: { name: 'MESSAGING', subjects: ['messaging.>'] },
} as const satisfies Record<string, { name: string; subjects: readonly string[] }>;

export type StreamKey = keyof typeof Streams;

/** The stream a subject is stored in, from its first token. */
export function streamForSubject(subject: string): (typeof Streams)[StreamKey] {
  const prefix = subject.split('.')[0] as StreamKey;
  const stream = Streams[prefix];
  if (!stream) throw new Error(`No stream for subject ${subject}`);
  return stream;
}
