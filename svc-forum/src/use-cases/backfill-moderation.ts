import { isDuplicateKeyError } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { ForumDeps } from '../deps.js';

const BATCH = 500;

interface CommunityCreator {
  _id: Types.ObjectId;
  created_by: Types.ObjectId;
  creator_username: string;
  created_at: Date;
  owner_vacated_at?: Date;
}

/**
 * Start-up, idempotent (EXTENSIONS §M1, §M4): communities created before moderation get their
 * creator as owner, and posts and comments without `removed` get `removed: false`, which list
 * filters use (`removed: null` is served by the indexes leading with `removed`).
 */
export async function backfillModeration({
  models,
}: Pick<ForumDeps, 'models'>): Promise<{ owners: number }> {
  let owners = 0;
  let batch: CommunityCreator[] = [];
  const flush = async () => {
    owners += await seatOwners(models, batch);
    batch = [];
  };
  const cursor = models.Community.find(
    {},
    { created_by: 1, creator_username: 1, created_at: 1, owner_vacated_at: 1 },
  ).lean<CommunityCreator[]>();
  for await (const community of cursor.cursor()) {
    batch.push(community as CommunityCreator);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  await Promise.all([
    models.Post.updateMany({ removed: null }, { $set: { removed: false } }),
    models.Comment.updateMany({ removed: null }, { $set: { removed: false } }),
  ]);
  return { owners };
}

/** Owner seats for the communities of a batch that have none. */
async function seatOwners(
  { Moderator }: ForumDeps['models'],
  communities: CommunityCreator[],
): Promise<number> {
  if (communities.length === 0) return 0;
  const owned = await Moderator.find(
    { community_id: { $in: communities.map((c) => c._id) }, role: 'owner' },
    { community_id: 1 },
  ).lean();
  const hasOwner = new Set(owned.map((o) => o.community_id.toHexString()));
  let seated = 0;
  for (const c of communities) {
    // Left without an owner by an account deletion: never the deleted creator again.
    if (hasOwner.has(c._id.toHexString()) || c.owner_vacated_at) continue;
    try {
      const { upsertedCount } = await Moderator.updateOne(
        { community_id: c._id, user_id: c.created_by },
        {
          $setOnInsert: {
            username: c.creator_username,
            role: 'owner',
            source: 'creator',
            since: c.created_at,
            term_ends_at: null,
          },
        },
        { upsert: true },
      );
      seated += upsertedCount;
    } catch (err) {
      // Another instance starting at the same time seated them.
      if (!isDuplicateKeyError(err)) throw err;
    }
  }
  return seated;
}
