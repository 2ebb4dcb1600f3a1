import type { AuthUser } from '@forum/service-kit';
import type { ModeratorDoc } from '../models/moderator.js';
import type { ForumDeps } from '../deps.js';
import { logCommunity, runModeration } from './shared/run-moderation.js';

/**
 * Elected moderators whose term has ended step down by themselves (EXTENSIONS §E): the seat
 * goes and `term_ended` is logged in one transaction, in the moderator's own name. The delete
 * is conditional on the term read, so two instances (or a re-election that moved the term)
 * never log twice. How many terms this pass ended.
 */
export async function endTerms(deps: ForumDeps, now = new Date()): Promise<number> {
  const { models } = deps;
  const due = await models.Moderator.find({
    source: 'elected',
    term_ends_at: { $lte: now },
  })
    .limit(100)
    .lean<ModeratorDoc[]>();
  let ended = 0;
  for (const seat of due) {
    const self: AuthUser = {
      id: seat.user_id.toHexString(),
      username: seat.username,
      isAdmin: false,
    };
    const done = await runModeration(deps, self, async ({ session, record }) => {
      const removed = await models.Moderator.deleteOne(
        { _id: seat._id, source: 'elected', role: 'moderator', term_ends_at: seat.term_ends_at },
        { session },
      );
      if (!removed.deletedCount) return false;
      const key = { community_id: seat.community_id, user_id: seat.user_id };
      await models.Membership.updateOne(key, { $set: { is_moderator: false } }, { session });
      const community = await models.Community.findById(seat.community_id, {
        name: 1,
        is_nsfw: 1,
      })
        .session(session)
        .lean();
      if (community) {
        await record({
          community: logCommunity(community),
          action: 'term_ended',
          target: { type: 'user', id: seat.user_id, username: seat.username, userId: seat.user_id },
        });
      }
      return true;
    });
    if (done) ended += 1;
  }
  return ended;
}
