import { CommentTexts, ModerationTexts as T } from '@forum/contracts';
import { conflict, notFound, toObjectId, type AuthUser } from '@forum/service-kit';
import { excerptOf } from '../models/report.js';
import { assertCanReport } from '../policies/report-policy.js';
import { assertCanViewPost } from '../policies/nsfw-policy.js';
import { fileReport } from './shared/file-report.js';
import { findLiveComment } from './shared/find-comment.js';
import type { ForumDeps } from '../deps.js';

/**
 * POST /comments/{id}/report (EXTENSIONS §M5): to the community's moderators, once per user. A
 * deleted comment (a placeholder) is 404, as for its other writes.
 */
export async function reportComment(
  { models }: Pick<ForumDeps, 'models'>,
  user: AuthUser,
  id: string,
  reason: string,
): Promise<void> {
  const comment = await findLiveComment(models, id);
  assertCanViewPost(comment, user);
  assertCanReport(comment, user, CommentTexts.notFound);
  // A live comment has its author (only a deleted placeholder loses it).
  if (!comment.author_id || !comment.author_username) throw notFound(CommentTexts.notFound);
  const post = await models.Post.findById(comment.post_id, { title: 1 }).lean();
  const filed = await fileReport(
    models,
    {
      target_type: 'comment',
      target_id: comment._id,
      community_id: comment.community_id,
      community_name: comment.community_name,
      post_id: comment.post_id,
      target_title: post?.title ?? null,
      target_excerpt: excerptOf(comment.content),
      target_author_id: comment.author_id,
      target_author_username: comment.author_username,
    },
    {
      reporter_id: toObjectId(user.id),
      reporter_username: user.username,
      reason,
      created_at: new Date(),
    },
  );
  if (filed === 'duplicate') throw conflict(T.alreadyReported);
}
