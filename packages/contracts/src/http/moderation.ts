import { z } from '../zod.js';
import { Id, Pagination, Timestamp, limitParam, offsetParam } from './common.js';

// Moderation (EXTENSIONS.md §M): the moderator team, actions, bans, the public log, reports and
// appeals. Texts are the spec's.

export const ModerationTexts = {
  forbidden: 'You do not have permission to moderate this community',
  reasonRequired: 'Reason is required',
  notMember: 'User must be a member of this community',
  alreadyModerator: 'User is already a moderator',
  ownerCannotBeRemoved: 'The owner cannot be removed',
  notModerator: 'User is not a moderator of this community',
  alreadyInEffect: 'This action is already in effect',
  postLocked: 'This post is locked',
  pinLimit: 'A community can pin at most 2 posts',
  banned: 'You are banned from this community',
  cannotBanModerator: 'Moderators, the owner and the admin cannot be banned in their community',
  notBanned: 'User is not banned from this community',
  alreadyReported: 'You have already reported this',
  ownContent: 'You cannot report your own content',
  alreadyAppealed: 'You have already appealed this decision',
  notYourDecision: 'You can only appeal decisions about your own content or account',
  anotherModerator: 'Another moderator must review this appeal',
  userNotFound: 'User not found',
  reportNotFound: 'Report not found',
  appealNotFound: 'Appeal not found',
  logEntryNotFound: 'Moderation log entry not found',
} as const;

/** Pinned posts per community (§M2). */
export const MAX_PINNED_POSTS = 2;

/** What a removed post's title and a removed comment's text and author show most readers (§M4). */
export const REMOVED_TEXT = '[removed]';

/** A moderation reason: trimmed, 1-500 characters. */
export const Reason = z
  .string(ModerationTexts.reasonRequired)
  .trim()
  .min(1, ModerationTexts.reasonRequired)
  .max(500, 'Reason must be at most 500 characters');

export const ReasonBody = z.object({ reason: Reason });
export const OptionalReasonBody = z.object({ reason: Reason.optional() });

// ---- M1. Roles and the team ----

export const MODERATOR_ROLES = ['owner', 'moderator'] as const;
export const MODERATOR_SOURCES = ['creator', 'appointed', 'elected'] as const;

export const Moderator = z
  .object({
    user_id: Id,
    username: z.string(),
    avatar_url: z.string().nullable(),
    role: z.enum(MODERATOR_ROLES),
    source: z.enum(MODERATOR_SOURCES),
    since: Timestamp,
    /** Elected moderators only. */
    term_ends_at: Timestamp.nullable(),
  })
  .meta({ id: 'Moderator' });
export type Moderator = z.infer<typeof Moderator>;

export const ModeratorsResponse = z.object({ moderators: z.array(Moderator) });
export type ModeratorsResponse = z.infer<typeof ModeratorsResponse>;
export const ModeratorResponse = z.object({ moderator: Moderator });
export const UsernameBody = z.object({
  username: z.string('Username is required').trim().min(1, 'Username is required').max(50),
});
export const CommunityUserParams = z.object({ id: Id, userId: Id });
/** DELETE carries no body (the body parser reads none on DELETE): the reason is a query field. */
export const RemoveModeratorQuery = z.object({ reason: Reason.optional() });

// ---- M2. Bans ----

export const BanBody = z.object({
  username: UsernameBody.shape.username,
  reason: Reason,
  /** 1-3650 days; absent = permanent. */
  days: z.coerce
    .number()
    .int('Days must be a whole number')
    .min(1, 'A ban lasts 1 to 3650 days')
    .max(3650, 'A ban lasts 1 to 3650 days')
    .optional(),
});

export const Ban = z
  .object({
    user_id: Id,
    username: z.string(),
    reason: z.string(),
    expires_at: Timestamp.nullable(),
    created_at: Timestamp,
    moderator_username: z.string(),
  })
  .meta({ id: 'Ban' });
export type Ban = z.infer<typeof Ban>;
export type BanBody = z.infer<typeof BanBody>;
export const BanResponse = z.object({ ban: Ban });
export const ListBansQuery = z.object({ limit: limitParam(20), offset: offsetParam });
export type ListBansQuery = z.infer<typeof ListBansQuery>;
export const ListBansResponse = z.object({ bans: z.array(Ban), pagination: Pagination });
export type ListBansResponse = z.infer<typeof ListBansResponse>;

// ---- M3. The public moderation log ----

export const MODLOG_ACTIONS = [
  'remove_post',
  'restore_post',
  'remove_comment',
  'restore_comment',
  'lock_post',
  'unlock_post',
  'pin_post',
  'unpin_post',
  'ban_user',
  'unban_user',
  'add_moderator',
  'remove_moderator',
  'transfer_ownership',
  'update_community',
  'appeal_overturned',
  'appeal_upheld',
  'election_started',
  'election_closed',
  'term_ended',
  'remove_community',
  'site_ban',
  'site_unban',
] as const;
export const ModlogAction = z.enum(MODLOG_ACTIONS);
export type ModlogAction = z.infer<typeof ModlogAction>;

export const MODLOG_TARGETS = ['post', 'comment', 'user', 'community', 'election'] as const;

export const ModlogEntry = z
  .object({
    id: Id,
    /** null for the admin's site-wide entries (site_ban, site_unban). */
    community_id: Id.nullable(),
    community_name: z.string().nullable(),
    action: ModlogAction,
    moderator_username: z.string(),
    target_type: z.enum(MODLOG_TARGETS),
    target_id: Id.nullable(),
    /** The post's title (a comment's post title), never the removed text itself. */
    target_title: z.string().nullable(),
    target_username: z.string().nullable(),
    reason: z.string().nullable(),
    expires_at: Timestamp.nullable(),
    created_at: Timestamp,
  })
  .meta({ id: 'ModlogEntry' });
export type ModlogEntry = z.infer<typeof ModlogEntry>;

export const ModlogQuery = z.object({
  limit: limitParam(20),
  offset: offsetParam,
  action: ModlogAction.optional(),
});
export type ModlogQuery = z.infer<typeof ModlogQuery>;
export const ModlogResponse = z.object({ entries: z.array(ModlogEntry), pagination: Pagination });
export type ModlogResponse = z.infer<typeof ModlogResponse>;

// ---- M5. Reports ----

export const REPORT_TARGETS = ['post', 'comment', 'message'] as const;
export const REPORT_STATUSES = ['open', 'closed'] as const;

export const ReportBody = z.object({ reason: Reason });

/** How a closed report ended, and by whom (the log has the removal too). */
export const ReportResolution = z
  .object({
    action: z.enum(['dismiss', 'remove']),
    reason: z.string().nullable(),
    moderator_username: z.string(),
    resolved_at: Timestamp,
  })
  .meta({ id: 'ReportResolution' });

/** One row per reported item (every open report on it folded together). */
export const ReportedItem = z
  .object({
    id: Id,
    target_type: z.enum(REPORT_TARGETS),
    target_id: Id,
    community_id: Id.nullable(),
    /**
     * The post the item is on (the post itself for a post report), so a comment links to its
     * place; null for a message. Optional: servers before 2026-11-26 did not send it.
     */
    post_id: Id.nullable().optional(),
    target_title: z.string().nullable(),
    target_excerpt: z.string(),
    target_author_username: z.string(),
    report_count: z.number().int().positive(),
    reasons: z.array(z.string()),
    /** The admin's queue only: who reported (moderators do not see it). */
    reporter_usernames: z.array(z.string()).optional(),
    status: z.enum(REPORT_STATUSES),
    created_at: Timestamp,
    /** Closed rows: how it ended (optional like post_id). */
    resolution: ReportResolution.nullable().optional(),
  })
  .meta({ id: 'ReportedItem' });
export type ReportedItem = z.infer<typeof ReportedItem>;

export const ReportsQuery = z.object({
  status: z.enum(REPORT_STATUSES).default('open'),
  limit: limitParam(20),
  offset: offsetParam,
});
export const ReportsResponse = z.object({
  reports: z.array(ReportedItem),
  pagination: Pagination,
});
export const ReportCreatedResponse = z.object({ message: z.string() });

export const ResolveReportBody = z.object({
  action: z.enum(['dismiss', 'remove'], "Action must be 'dismiss' or 'remove'"),
  reason: Reason.optional(),
});
export const ReportResponse = z.object({ report: ReportedItem });

// ---- M6. Appeals ----

export const AppealBody = z.object({
  modlog_id: Id,
  text: z
    .string('Appeal text is required')
    .trim()
    .min(1, 'Appeal text is required')
    .max(1000, 'Appeal text must be at most 1000 characters'),
});

export const APPEAL_OUTCOMES = ['overturn', 'uphold'] as const;

export const Appeal = z
  .object({
    id: Id,
    modlog_id: Id,
    community_id: Id,
    action: ModlogAction,
    target_type: z.enum(MODLOG_TARGETS),
    target_id: Id.nullable(),
    target_title: z.string().nullable(),
    appellant_username: z.string(),
    /** The moderator whose decision is appealed. */
    moderator_username: z.string(),
    action_reason: z.string().nullable(),
    text: z.string(),
    status: z.enum(REPORT_STATUSES),
    outcome: z.enum(APPEAL_OUTCOMES).nullable(),
    decision_reason: z.string().nullable(),
    decided_by_username: z.string().nullable(),
    created_at: Timestamp,
    decided_at: Timestamp.nullable(),
  })
  .meta({ id: 'Appeal' });
export type Appeal = z.infer<typeof Appeal>;

export const AppealResponse = z.object({ appeal: Appeal });
export const AppealsQuery = ReportsQuery;
export const AppealsResponse = z.object({ appeals: z.array(Appeal), pagination: Pagination });
export const DecideAppealBody = z.object({
  outcome: z.enum(APPEAL_OUTCOMES, "Outcome must be 'overturn' or 'uphold'"),
  reason: Reason,
});

/** The caller's standing in a community (extends GET /communities/{id}/membership). */
export const CallerBan = z.object({
  reason: z.string(),
  expires_at: Timestamp.nullable(),
  /** The ban_user log entry, for an appeal. */
  modlog_id: Id,
});
