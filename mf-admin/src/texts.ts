import { ADMIN_DENIED } from '@forum/contracts';

/** The admin dashboard's texts (spec §6 dashboard, §8 admin rows, §9 users table). */
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
  deactivateText: 'They are signed out everywhere and cannot sign in until reactivated.',
  reactivateText: 'They can sign in again.',
  deactivated: (username: string) => `${username} was deactivated.`,
  reactivated: (username: string) => `${username} was reactivated.`,
  previous: 'Previous',
  next: 'Next',
  cancel: 'Cancel',
  saving: 'Saving…',
  // Communities table
  noCommunities: 'No communities yet.',
  // Unknown admin path
  pageNotFound: 'Page not found',
  pageNotFoundText: 'The page you are looking for does not exist.',
} as const;
