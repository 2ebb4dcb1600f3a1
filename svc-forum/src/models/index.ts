import type { Connection } from 'mongoose';
import { defineDirectoryUserModel, type DirectoryUserModel } from '@forum/service-kit';
import { definePostModel, type PostModel } from './post.js';
import { defineCommunityModel, type CommunityModel } from './community.js';
import { defineMembershipModel, type MembershipModel } from './membership.js';
import { definePostVoteModel, type PostVoteModel } from './post-vote.js';
import { definePostReactionModel, type PostReactionModel } from './post-reaction.js';
import { definePostSaveModel, type PostSaveModel } from './post-save.js';
import { definePostSubscriptionModel, type PostSubscriptionModel } from './post-subscription.js';
import { defineCommentModel, type CommentModel } from './comment.js';
import { defineCommentVoteModel, type CommentVoteModel } from './comment-vote.js';
import { defineCommentSaveModel, type CommentSaveModel } from './comment-save.js';
import { defineDeletionModel, type DeletionModel } from './deletion.js';
import { definePostTotalsModel, type PostTotalsModel } from './post-totals.js';
import { defineBackfillRunModel, type BackfillRunModel } from './backfill-run.js';
import { defineModeratorModel, type ModeratorModel } from './moderator.js';
import { defineBanModel, type BanModel } from './ban.js';
import { defineModlogEntryModel, type ModlogEntryModel } from './modlog-entry.js';
import { defineReportModel, type ReportModel } from './report.js';
import { defineAppealModel, type AppealModel } from './appeal.js';
import { defineElectionModel, type ElectionModel } from './election.js';
import { defineElectionBallotModel, type ElectionBallotModel } from './election-ballot.js';
import { defineElectionVoterModel, type ElectionVoterModel } from './election-voter.js';
import { defineBlockModel, type BlockModel } from './block.js';

export interface ForumModels {
  Post: PostModel;
  DirectoryUser: DirectoryUserModel;
  Community: CommunityModel;
  Membership: MembershipModel;
  PostVote: PostVoteModel;
  PostReaction: PostReactionModel;
  PostSave: PostSaveModel;
  PostSubscription: PostSubscriptionModel;
  Comment: CommentModel;
  CommentVote: CommentVoteModel;
  CommentSave: CommentSaveModel;
  Deletion: DeletionModel;
  /** The site-wide post counters (the home list's total). */
  PostTotals: PostTotalsModel;
  /** Which versions of the start-up backfills have run here. */
  BackfillRun: BackfillRunModel;
  // Moderation (EXTENSIONS §M): the teams, bans, the public log, reports and appeals.
  Moderator: ModeratorModel;
  Ban: BanModel;
  ModlogEntry: ModlogEntryModel;
  Report: ReportModel;
  Appeal: AppealModel;
  // Elections (EXTENSIONS §E): the elections, the secret ballot store, who voted.
  Election: ElectionModel;
  ElectionBallot: ElectionBallotModel;
  ElectionVoter: ElectionVoterModel;
  /** Identity's blocks (EXTENSIONS §B1), replicated from identity.block.changed. */
  Block: BlockModel;
}

/** Models bound to the service's own connection (so tests can hold several). */
export function createForumModels(conn: Connection): ForumModels {
  return {
    Post: definePostModel(conn),
    DirectoryUser: defineDirectoryUserModel(conn),
    Community: defineCommunityModel(conn),
    Membership: defineMembershipModel(conn),
    PostVote: definePostVoteModel(conn),
    PostReaction: definePostReactionModel(conn),
    PostSave: definePostSaveModel(conn),
    PostSubscription: definePostSubscriptionModel(conn),
    Comment: defineCommentModel(conn),
    CommentVote: defineCommentVoteModel(conn),
    CommentSave: defineCommentSaveModel(conn),
    Deletion: defineDeletionModel(conn),
    PostTotals: definePostTotalsModel(conn),
    BackfillRun: defineBackfillRunModel(conn),
    Moderator: defineModeratorModel(conn),
    Ban: defineBanModel(conn),
    ModlogEntry: defineModlogEntryModel(conn),
    Report: defineReportModel(conn),
    Appeal: defineAppealModel(conn),
    Election: defineElectionModel(conn),
    ElectionBallot: defineElectionBallotModel(conn),
    ElectionVoter: defineElectionVoterModel(conn),
    Block: defineBlockModel(conn),
  };
}

/** Build every declared index (tests call it before the first request). */
export async function initForumModels(models: ForumModels): Promise<void> {
  await Promise.all(
    Object.values(models).map((model: { init(): Promise<unknown> }) => model.init()),
  );
}

/** Collections counted for admin stats. */
export const STATS_COLLECTIONS = {
  communities: 'communities',
  posts: 'posts',
  comments: 'comments',
} as const;
