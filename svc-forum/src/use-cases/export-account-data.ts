import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import type { PostDoc } from '../models/post.js';
import type { CommentDoc } from '../models/comment.js';
import type { PostVoteDoc } from '../models/post-vote.js';
import type { CommentVoteDoc } from '../models/comment-vote.js';
import type { PostReactionDoc } from '../models/post-reaction.js';
import type { PostSaveDoc } from '../models/post-save.js';
import type { CommentSaveDoc } from '../models/comment-save.js';
import type { MembershipDoc } from '../models/membership.js';
import type { PostSubscriptionDoc } from '../models/post-subscription.js';
import type { ReportDoc } from '../models/report.js';
import {
  AUTHORED_COMMENTS_SORT,
  BY_USER_NEWEST,
  authoredComments,
  authoredPosts,
  byUser,
  reportsMadeBy,
} from '../domain/account-queries.js';

/** What the caller left in forum, as stored (presenters/forum-export.ts names it). */
export interface ForumAccountData {
  userId: string;
  posts: PostDoc[];
  comments: CommentDoc[];
  postVotes: PostVoteDoc[];
  commentVotes: CommentVoteDoc[];
  reactions: PostReactionDoc[];
  savedPosts: PostSaveDoc[];
  savedComments: CommentSaveDoc[];
  memberships: MembershipDoc[];
  /** The names of the communities joined (memberships copy no name). */
  communityNames: Map<string, string>;
  subscriptions: PostSubscriptionDoc[];
  reports: ReportDoc[];
}

/** Rows read per round trip: a large account streams in batches, the answer is one document. */
const BATCH = 1000;

const POST_FIELDS = {
  community_name: 1,
  title: 1,
  type: 1,
  content: 1,
  image_url: 1,
  removed: 1,
  created_at: 1,
  updated_at: 1,
} as const;
const COMMENT_FIELDS = {
  post_id: 1,
  parent_id: 1,
  community_name: 1,
  content: 1,
  is_deleted: 1,
  removed: 1,
  created_at: 1,
  updated_at: 1,
} as const;

/**
 * GET forum:/internal/export (EXTENSIONS §B2): everything forum holds that the verified caller
 * made, each kind on a user-first index (list-query-plans.int.test.ts), nobody else's rows. The
 * caller's posts and comments in full (removed ones too: they are theirs), votes, reactions,
 * saves, memberships with the community's name, subscriptions and the reports they filed on
 * posts and comments. Not bounded by a page: it is the whole account; read in batches.
 */
export async function exportAccountData(
  models: ForumModels,
  user: AuthUser,
): Promise<ForumAccountData> {
  const id = toObjectId(user.id);
  const mine = byUser(id);
  const [posts, comments, postVotes, commentVotes, reactions] = await Promise.all([
    models.Post.find(authoredPosts(id), POST_FIELDS).batchSize(BATCH).lean<PostDoc[]>(),
    models.Comment.find(authoredComments(id), COMMENT_FIELDS)
      .sort(AUTHORED_COMMENTS_SORT)
      .batchSize(BATCH)
      .lean<CommentDoc[]>(),
    models.PostVote.find(mine).batchSize(BATCH).lean<PostVoteDoc[]>(),
    models.CommentVote.find(mine).batchSize(BATCH).lean<CommentVoteDoc[]>(),
    models.PostReaction.find(mine).batchSize(BATCH).lean<PostReactionDoc[]>(),
  ]);
  const [savedPosts, savedComments, memberships, subscriptions, reports] = await Promise.all([
    models.PostSave.find(mine).sort(BY_USER_NEWEST).batchSize(BATCH).lean<PostSaveDoc[]>(),
    models.CommentSave.find(mine).sort(BY_USER_NEWEST).batchSize(BATCH).lean<CommentSaveDoc[]>(),
    models.Membership.find(mine)
      .sort({ joined_at: -1, _id: -1 })
      .batchSize(BATCH)
      .lean<MembershipDoc[]>(),
    models.PostSubscription.find(mine)
      .sort(BY_USER_NEWEST)
      .batchSize(BATCH)
      .lean<PostSubscriptionDoc[]>(),
    models.Report.find(reportsMadeBy(id)).batchSize(BATCH).lean<ReportDoc[]>(),
  ]);
  const communities = memberships.length
    ? await models.Community.find(
        { _id: { $in: memberships.map((m) => m.community_id) } },
        { name: 1 },
      ).lean()
    : [];
  return {
    userId: user.id,
    // Newest first, like every list (the author index is not in creation order).
    posts: posts.sort((a, b) => b.created_at.getTime() - a.created_at.getTime()),
    comments,
    postVotes,
    commentVotes,
    reactions,
    savedPosts,
    savedComments,
    memberships,
    communityNames: new Map(communities.map((c) => [c._id.toHexString(), c.name])),
    subscriptions,
    reports,
  };
}
