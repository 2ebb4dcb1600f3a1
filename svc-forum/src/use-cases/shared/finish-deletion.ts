import type { Types } from 'mongoose';
import { deleteInBatches } from '@forum/service-kit';
import type { ForumDeps } from '../../deps.js';
import type { DeletionDoc } from '../../models/deletion.js';
import type { PostDoc } from '../../models/post.js';
import { releaseLogo, releasePostImages } from './release-image.js';

/** Posts per step of a community's cascade (each takes its comments, votes, ... along). */
export const POST_BATCH = 100;

type CascadeDeps = Pick<ForumDeps, 'models' | 'media'>;

/**
 * Everything under these posts, in batches. Comments go before comment votes and saves: a comment
 * vote's transaction moves the comment's counters, so once the comment is gone no vote can land.
 * Post votes, reactions and new comments cannot land either: the posts are marked `deleting`.
 */
async function purgePostChildren(
  { models }: CascadeDeps,
  postIds: Types.ObjectId[],
  beat: () => Promise<void>,
): Promise<void> {
  const byPost = { post_id: { $in: postIds } };
  for (const model of [
    models.Comment,
    models.CommentVote,
    models.CommentSave,
    models.PostVote,
    models.PostReaction,
    models.PostSave,
    models.PostSubscription,
  ]) {
    await deleteInBatches(model, byPost, { beat });
  }
}

/** Releases the images the tombstone lists (their posts are gone), then forgets them. */
async function releasePendingImages(deps: CascadeDeps, id: Types.ObjectId): Promise<void> {
  const pending = await deps.models.Deletion.findById(id, { images: 1 }).lean();
  if (!pending?.images.length) return;
  await releasePostImages(deps, pending.images);
  await deps.models.Deletion.updateOne({ _id: id }, { $pullAll: { images: pending.images } });
}

async function finishPost(
  deps: CascadeDeps,
  deletion: DeletionDoc,
  beat: () => Promise<void>,
): Promise<void> {
  await purgePostChildren(deps, [deletion._id], beat);
  await deps.models.Post.deleteOne({ _id: deletion._id });
  await releasePendingImages(deps, deletion._id);
}

async function finishCommunity(
  deps: CascadeDeps,
  deletion: DeletionDoc,
  beat: () => Promise<void>,
): Promise<void> {
  const { Post, Membership, Moderator, Ban, Report, Appeal, Community, Deletion } = deps.models;
  const { Election, ElectionBallot, ElectionVoter } = deps.models;
  const byCommunity = { community_id: deletion._id };
  for (;;) {
    await releasePendingImages(deps, deletion._id);
    const posts = await Post.find(byCommunity, { _id: 1, image_url: 1, thumbnail_url: 1 })
      .limit(POST_BATCH)
      .lean<Pick<PostDoc, '_id' | 'image_url' | 'thumbnail_url'>[]>();
    if (posts.length === 0) break;
    const ids = posts.map((p) => p._id);
    const images = posts.flatMap((p) => [p.image_url, p.thumbnail_url]).filter((u) => !!u);
    // Marked first, so no vote, reaction or comment lands on them while their rows go; their
    // images are noted on the tombstone, so a crash after the posts are gone still frees them.
    await Post.updateMany({ _id: { $in: ids } }, { $set: { deleting: true } });
    await Deletion.updateOne({ _id: deletion._id }, { $addToSet: { images: { $each: images } } });
    await purgePostChildren(deps, ids, beat);
    await Post.deleteMany({ _id: { $in: ids } });
  }
  await deleteInBatches(Membership, byCommunity, { beat });
  // The team and the bans go with it; the log entries stay (the site-wide log keeps them).
  await deleteInBatches(Moderator, byCommunity, { beat });
  await deleteInBatches(Ban, byCommunity, { beat });
  // Its reports and appeals: their items and its queues are gone (the admin's queue would
  // otherwise keep rows nobody can act on).
  await deleteInBatches(Report, byCommunity, { beat });
  await deleteInBatches(Appeal, byCommunity, { beat });
  // Its elections with their ballots and voters (nothing is left to tally or to seat).
  for (const { _id } of await Election.find(byCommunity, { _id: 1 }).lean()) {
    await deleteInBatches(ElectionBallot, { election_id: _id }, { beat });
    await deleteInBatches(ElectionVoter, { election_id: _id }, { beat });
  }
  await deleteInBatches(Election, byCommunity, { beat });
  await Community.deleteOne({ _id: deletion._id });
  await releaseLogo(deps, deletion.logo_url);
}

/**
 * Runs a delete's cascade to the end: children in batches, then the target, its files, and the
 * tombstone last, so until then reads keep hiding what is left and any retry (the DELETE again,
 * the start-up resume, the sweep) picks up where this stopped. Every step is idempotent, so two
 * runs at once only repeat each other's work.
 */
export async function finishDeletion(deps: CascadeDeps, deletion: DeletionDoc): Promise<void> {
  const { Deletion } = deps.models;
  const beat = async () => {
    await Deletion.updateOne({ _id: deletion._id }, { $set: { heartbeat_at: new Date() } });
  };
  if (deletion.kind === 'post') await finishPost(deps, deletion, beat);
  else await finishCommunity(deps, deletion, beat);
  await Deletion.deleteOne({ _id: deletion._id });
}
