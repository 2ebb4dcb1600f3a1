import { inTransaction } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { ForumDeps } from '../deps.js';
import type { ForumModels } from '../models/index.js';
import type { CommunityDoc } from '../models/community.js';
import { NOT_DELETING } from '../models/deletion.js';
import { POST_COUNTS_VERSION, SITE_POSTS } from '../models/post-totals.js';
import { communityCounts, siteDelta, type SitePostCounts } from '../domain/post-counts.js';

const BATCH = 500;

/**
 * Start-up, idempotent: a database whose post totals this version has not counted (made before
 * the counters, or with the totals document gone) gets every community's counters recounted,
 * then the site totals summed from them. Each recount is one transaction with its write, so a
 * post written meanwhile by another instance is either in the count or moves the counters after
 * it (the writes conflict on the community's, then the totals', document). Nothing to do on
 * later start-ups: one read. Answers how many communities were recounted (null: none needed).
 */
export async function backfillPostCounts({
  models,
  conn,
}: Pick<ForumDeps, 'models' | 'conn'>): Promise<number | null> {
  const counted = await models.PostTotals.exists({
    _id: SITE_POSTS,
    version: POST_COUNTS_VERSION,
  });
  if (counted) return null;
  let recounted = 0;
  let after: Types.ObjectId | null = null;
  for (;;) {
    const ids: Types.ObjectId[] = (
      await models.Community.find(after ? { _id: { $gt: after } } : {}, { _id: 1 })
        .sort({ _id: 1 })
        .limit(BATCH)
        .lean()
    ).map((c) => c._id);
    if (ids.length === 0) break;
    for (const id of ids) await inTransaction(conn, () => recountCommunity(models, id));
    recounted += ids.length;
    after = ids[ids.length - 1]!;
  }
  await inTransaction(conn, () => sumSiteTotals(models));
  return recounted;
}

/**
 * Its posts not being deleted, and the removed ones among them: counts over the list indexes'
 * keys (community_id, removed), less the posts whose delete has started (each has a tombstone,
 * written in the transaction that marked it; read in this one, so none starts unseen).
 */
async function recountCommunity(models: ForumModels, id: Types.ObjectId): Promise<void> {
  const { Post, Deletion } = models;
  const pending = (await Deletion.find({ kind: 'post' }, { _id: 1 }).lean()).map((d) => d._id);
  const count = async (filter: Record<string, unknown>) =>
    (await Post.countDocuments(filter)) -
    (pending.length ? await Post.countDocuments({ ...filter, _id: { $in: pending } }) : 0);
  const posts = await count({ community_id: id });
  const removed = await count({ community_id: id, removed: true });
  await models.Community.updateOne(
    { _id: id },
    { $set: { post_count: posts, removed_post_count: removed } },
  );
}

type Counted = Pick<CommunityDoc, 'is_nsfw' | 'post_count' | 'removed_post_count'>;

/** The site totals: the sum over the communities not being deleted. */
async function sumSiteTotals(models: ForumModels): Promise<void> {
  const totals: SitePostCounts = { posts: 0, removed: 0, nsfw_posts: 0, nsfw_removed: 0 };
  // Small documents, one per community, read once in the transaction that writes their sum.
  const communities = await models.Community.find(NOT_DELETING, {
    is_nsfw: 1,
    post_count: 1,
    removed_post_count: 1,
  }).lean<Counted[]>();
  for (const c of communities) {
    const share = siteDelta(communityCounts(c) ?? { posts: 0, removed: 0 }, c.is_nsfw);
    for (const key of Object.keys(totals) as (keyof SitePostCounts)[]) totals[key] += share[key];
  }
  await models.PostTotals.updateOne(
    { _id: SITE_POSTS },
    { $set: { ...totals, version: POST_COUNTS_VERSION } },
    { upsert: true },
  );
}
