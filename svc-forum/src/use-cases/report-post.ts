import { ModerationTexts as T, PostTexts } from '@forum/contracts';
import { conflict, toObjectId, type AuthUser } from '@forum/service-kit';
import { excerptOf } from '../models/report.js';
import { assertCanReport } from '../policies/report-policy.js';
import { fileReport } from './shared/file-report.js';
import { findVisiblePost } from './shared/find-post.js';
import type { ForumDeps } from '../deps.js';

/** POST /posts/{id}/report (EXTENSIONS §M5): to the community's moderators, once per user. */
export async function reportPost(
  { models }: Pick<ForumDeps, 'models'>,
  user: AuthUser,
  id: string,
  reason: string,
): Promise<void> {
  const post = await findVisiblePost(models, id, user);
  assertCanReport(post, user, PostTexts.notFound);
  const filed = await fileReport(
    models,
    {
      target_type: 'post',
      target_id: post._id,
      community_id: post.community_id,
      community_name: post.community_name,
      post_id: post._id,
      target_title: post.title,
      target_excerpt: excerptOf(post.content),
      target_author_id: post.author_id,
      target_author_username: post.author_username,
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
