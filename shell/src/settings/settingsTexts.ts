import { DELETED_AUTHOR, type NotificationType } from '@forum/contracts';

/** The texts of /settings and /verify-email (EXTENSIONS §B2); the server's own come from AccountTexts. */
export const SETTINGS_TEXTS = {
  title: 'Settings',
  lead: 'Your password, email address, notifications, the people you blocked, your data and your account.',
  // Password
  password: 'Password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmNewPassword: 'Confirm new password',
  changePassword: 'Change password',
  passwordChanged: 'Your password has been changed. You were signed out everywhere else.',
  passwordFailed: 'An error occurred while changing your password',
  // Email
  email: 'Email',
  currentEmail: 'Current address',
  emailLoadFailed: 'Failed to load your email address',
  verified: 'Verified',
  notVerified: 'Not verified',
  resend: 'Resend verification email',
  resendFailed: 'An error occurred while sending the verification email',
  newEmail: 'New email address',
  confirmWithPassword: 'Password',
  changeEmail: 'Change email',
  emailChanged: (email: string) =>
    `Your email address is now ${email}. Open the link we sent there to verify it.`,
  emailFailed: 'An error occurred while changing your email address',
  // Notifications
  notifications: 'Notifications',
  notificationsLead: 'Choose what you are notified about. Changes are saved at once.',
  notificationsFailed: 'Failed to load your notification settings',
  preferenceFailed: 'Your change could not be saved. Please try again.',
  // Blocked users
  blockedUsers: 'Blocked users',
  blockedLead: 'Their posts and comments are hidden from you and they cannot message you.',
  noBlocks: 'You have not blocked anyone.',
  blocksFailed: 'Failed to load the users you blocked',
  blockedOn: (date: string) => `Blocked ${date}`,
  unblock: 'Unblock',
  unblockUser: (username: string) => `Unblock u/${username}`,
  unblocked: (username: string) => `u/${username} is no longer blocked.`,
  unblockFailed: 'An error occurred while unblocking',
  // Download my data
  downloadData: 'Download my data',
  downloadLead:
    'A JSON file with everything we hold about you: profile, posts, comments, votes, messages, notifications and more.',
  downloadButton: 'Download my data',
  preparingDownload: 'Preparing your file...',
  downloadFailed: 'Your data could not be downloaded. Please try again.',
  // Delete account
  deleteAccount: 'Delete account',
  deleteLead: `This signs you out everywhere and erases your email address, avatar and password. Your username stays taken. Your posts and comments remain, shown by ${DELETED_AUTHOR}, unless you also delete them.`,
  deleteContent: 'Also delete my posts and comments',
  typeToConfirm: (phrase: string) => `Type "${phrase}" to confirm`,
  deleteButton: 'Delete account',
  deleting: 'Deleting...',
  deleteFailed: 'An error occurred while deleting your account',
  // Shared
  saving: 'Saving...',
  sending: 'Sending...',
  retry: 'Try Again',
  // /verify-email
  verifyTitle: 'Verify your email address',
  verifying: 'Verifying your email address...',
  verifyFailed: 'An error occurred while verifying your email address',
  toSettings: 'Go to settings',
  goHome: 'Go Home',
} as const;

/**
 * A human label for every notification type (the Record makes a missing type a type error; the
 * unit test checks they are distinct and non-empty).
 */
export const NOTIFICATION_LABELS: Record<NotificationType, string> = {
  reply_to_post: 'Replies to your posts',
  reply_to_comment: 'Replies to your comments',
  post_comment: 'Comments on posts you subscribed to',
  post_vote: 'Votes on your posts',
  comment_vote: 'Votes on your comments',
  mention: 'Mentions of you',
  private_message: 'Private messages',
  community_invite: 'Community invitations',
  mod_action: 'Moderator actions on your content',
  appeal_decided: 'Decisions on your appeals',
  report_resolved: 'Outcomes of your reports',
  election: 'Community elections',
  badge_earned: 'Badges you earn',
  referral_success: 'Friends who joined with your link',
  referral_program_announcement: 'Invite program news',
};

/** The order of the switches: the key order above (replies first, program news last). */
export const NOTIFICATION_SETTINGS_ORDER = Object.keys(NOTIFICATION_LABELS) as NotificationType[];
