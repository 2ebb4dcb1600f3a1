import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import type { CommunityDoc } from '../models/community.js';
import { NOT_DELETING } from '../models/deletion.js';
import { assertCanDeleteCommunity } from '../policies/community-policy.js';
import { findCommunity } from './shared/find-community.js';
import { findOwnDeletion, recordDeletion } from './shared/deletions.js';
import { finishDeletion } from './shared/finish-deletion.js';
import { forgetHidden } from './shared/hidden.js';
import { loadCommunityRole } from './shared/community-role.js';
import { holdsOwnerSeat } from './shared/owner-seat.js';
import { dropCommunityCounts } from './shared/move-post-counts.js';
import { logCommunity, runModeration } from './shared/run-moderation.js';

/**
 * The owner or the admin (EXTENSIONS §M1). One transaction marks the community `deleting` (every read hides it, its
 * posts and their comments from then on; joins and new posts stop matching), takes its posts
 * out of the site's post totals and records the tombstone; the cascade then removes its posts (with all that hangs off them), memberships and
 * logo in batches (finishDeletion). The same caller's DELETE again resumes an unfinished one.
 * The admin deleting someone else's community is a moderation action: its remove_community log
 * entry is written in that transaction (EXTENSIONS §M3).
 */
export async function deleteCommunity(
  deps: ForumDeps,
  user: AuthUser,
  communityId: string,
): Promise<void> {
  const { models } = deps;
  const pending = await findOwnDeletion(models, toObjectId(communityId), user);
  if (pending) return finishDeletion(deps, pending);
  const community = await findCommunity(models, communityId);
  const role = await loadCommunityRole(models, community._id, user);
  assertCanDeleteCommunity(role);
  const byAdmin = role === 'admin' && !(await holdsOwnerSeat(models, community._id, user));
  const deletion = await runModeration(deps, user, async ({ record }) => {
    // The community as the transaction found it: its counters leave the site totals once.
    const marked = await models.Community.findOneAndUpdate(
      { _id: community._id, ...NOT_DELETING },
      { $set: { deleting: true } },
      { projection: { is_nsfw: 1, post_count: 1, removed_post_count: 1 } },
    ).lean<CommunityDoc>();
    if (marked) await dropCommunityCounts(models, marked);
    const tombstone = await recordDeletion(models, {
      id: community._id,
      kind: 'community',
      user,
      logoUrl: community.logo_url,
    });
    if (byAdmin) {
      await record({
        community: logCommunity(community),
        action: 'remove_community',
        target: { type: 'community', id: community._id },
      });
    }
    return tombstone;
  });
  // Lists leave the community's posts out from now on, in this process at once.
  forgetHidden(models);
  await finishDeletion(deps, deletion);
}
