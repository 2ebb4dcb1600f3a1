import { inTransaction } from '@forum/service-kit';
import type { AnyBulkWriteOperation, ClientSession, Types } from 'mongoose';
import type { ForumDeps } from '../deps.js';
import type { ForumModels } from '../models/index.js';
import type { PostDoc } from '../models/post.js';

/** The backfill's name in BackfillRun; bump the version when what the counter counts changes. */
export const TOP_COMMENT_COUNTS = 'top_comment_counts';
export const TOP_COMMENT_COUNTS_VERSION = 1;

const BATCH = 200;

/**
 * Start-up, idempotent: on a database this version has not counted (made before the counter),
 * every post's top_comment_count is recounted, a batch of posts per transaction: the count and
 * the writes of the posts whose counter differs commit together, so a comment written meanwhile
 * by another instance is either in the count or moves the counter after it (both write the post:
 * the transactions conflict and one re-runs). A post without top-level comments and no counter
 * keeps none (its list counts, over an empty index range). Nothing to do on later start-ups: one
 * read. Answers how many counters were written (null: none needed).
 */
export async function backfillTopCommentCounts({
  models,
  conn,
}: Pick<ForumDeps, 'models' | 'conn'>): Promise<number | null> {
  const done = await models.BackfillRun.exists({
    _id: TOP_COMMENT_COUNTS,
    version: TOP_COMMENT_COUNTS_VERSION,
  });
  if (done) return null;
  let written = 0;
  let after: Types.ObjectId | null = null;
  for (;;) {
    const batch = await inTransaction(conn, (session) => recountBatch(models, session, after));
    if (!batch) break;
    written += batch.written;
    after = batch.last;
  }
  await models.BackfillRun.updateOne(
    { _id: TOP_COMMENT_COUNTS },
    { $set: { version: TOP_COMMENT_COUNTS_VERSION, finished_at: new Date() } },
    { upsert: true },
  );
  return written;
}

type Counted = Pick<PostDoc, '_id' | 'top_comment_count'>;

/** The next posts after `after` (by _id): their top-level comments counted in one query. */
async function recountBatch(
  { Post, Comment }: ForumModels,
  session: ClientSession,
  after: Types.ObjectId | null,
): Promise<{ written: number; last: Types.ObjectId } | null> {
  const posts = await Post.find(after ? { _id: { $gt: after } } : {}, { top_comment_count: 1 })
    .sort({ _id: 1 })
    .limit(BATCH)
    .lean<Counted[]>();
  if (posts.length === 0) return null;
  // A post's list is its comments with container_id = the post (the container_id indexes).
  const counts = await Comment.aggregate<{ _id: Types.ObjectId; n: number }>([
    { $match: { container_id: { $in: posts.map((p) => p._id) } } },
    { $group: { _id: '$container_id', n: { $sum: 1 } } },
  ]).session(session);
  const byPost = new Map(counts.map((c) => [c._id.toHexString(), c.n]));
  const writes: AnyBulkWriteOperation<PostDoc>[] = [];
  for (const post of posts) {
    const n = byPost.get(post._id.toHexString()) ?? 0;
    const stored = post.top_comment_count;
    if (stored === n || (stored === undefined && n === 0)) continue;
    writes.push({
      updateOne: { filter: { _id: post._id }, update: { $set: { top_comment_count: n } } },
    });
  }
  if (writes.length) await Post.bulkWrite(writes, { ordered: false, session });
  return { written: writes.length, last: posts[posts.length - 1]!._id };
}
