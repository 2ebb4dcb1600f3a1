import { ADMIN_DENIED, ModerationTexts } from '@forum/contracts';

/**
 * The admin dashboard's texts (spec §6 dashboard, §8 admin rows, §9 users table; EXTENSIONS §M8
 * the Reports tab and the deactivation reason).
 */
export const TEXTS = {
  // Load failures (spec §8)
  stats: 'Failed to load platform statistics',
  users: 'Failed to load users data',
  communities: 'Failed to load communities data',
  daily: 'Failed to load daily user statistics',
  initial: 'Failed to load admin data',
  denied: ADMIN_DENIED,
  updateUser: 'Failed to update user',
  retry: 'Retry',
  // Dashboard
  title: 'Admin Dashboard',
  tabOverview: 'Overview',
  tabUsers: 'Users',
  tabCommunities: 'Communities',
  tabReports: 'Reports',
  platformStatistics: 'Platform statistics',
  refresh: 'Refresh',
  // Users table
  searchUsers: 'Search users',
  searchPlaceholder: 'Username or email',
  usersPerPage: 'Users per page',
  noUsers: 'No users found.',
  active: 'Active',
  inactive: 'Inactive',
  verified: 'Verified',
  unverified: 'Unverified',
  you: 'You',
  deactivate: 'Deactivate',
  reactivate: 'Reactivate',
  deactivateText:
    'They are signed out everywhere and cannot sign in until reactivated. The public moderation log shows it as a site ban with your reason.',
  reactivateText: 'They can sign in again.',
  deactivated: (username: string) => `${username} was deactivated.`,
  reactivated: (username: string) => `${username} was reactivated.`,
  previous: 'Previous',
  next: 'Next',
  cancel: 'Cancel',
  saving: 'Saving…',
  // Reasons (EXTENSIONS §M2: trimmed, 1-500 characters)
  reason: 'Reason',
  reasonHint: 'Shown in the public moderation log.',
  reasonRequired: ModerationTexts.reasonRequired,
  reasonTooLong: 'Reason must be at most 500 characters',
  characters: (n: number, max: number) => `${n}/${max} characters`,
  // Communities table
  noCommunities: 'No communities yet.',
  // Reports tab (EXTENSIONS §M5: the site-wide queue, messages included)
  reports: 'Failed to load reports',
  resolveReport: 'Failed to resolve the report',
  reportsStatus: 'Show',
  reportsOpen: 'Open',
  reportsClosed: 'Closed',
  openReportsCaption: 'Open reports, the longest waiting first',
  closedReportsCaption: 'Closed reports, the latest decision first',
  noOpenReports: 'No open reports.',
  noClosedReports: 'No closed reports.',
  reportedItems: (n: string, one: boolean) => `${n} reported ${one ? 'item' : 'items'}`,
  typePost: 'Post',
  typeComment: 'Comment',
  typeMessage: 'Message',
  by: 'by',
  reasonCount: (n: number) => `(${n} reports)`,
  onPost: (title: string) => `on “${title}”`,
  privateMessage: 'Private message',
  dismiss: 'Dismiss',
  remove: 'Remove',
  closed: 'Closed',
  /** How a closed report ended (EXTENSIONS §M5). */
  resolvedAs: (action: 'dismiss' | 'remove', moderator: string) =>
    `${action === 'remove' ? 'Removed' : 'Dismissed'} by u/${moderator}`,
  removeText:
    'Everyone but its author and the moderators sees it as [removed], the public moderation log records your reason, and every report on it is closed.',
  removeMessageText: 'It is hidden in its conversation, and every report on it is closed.',
  dismissed: 'The reports were dismissed.',
  removed: (type: string) => `The ${type} was removed.`,
  // Unknown admin path
  pageNotFound: 'Page not found',
  pageNotFoundText: 'The page you are looking for does not exist.',
} as const;
