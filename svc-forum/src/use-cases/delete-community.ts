import { inTransaction, toObjectId, type AuthUser } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { assertCanDeleteCommunity } from '../policies/community-policy.js';
import { findCommunity } from './shared/find-community.js';
import { findOwnDeletion, recordDeletion } from './shared/deletions.js';
import { finishDeletion } from './shared/finish-deletion.js';

/**
 * The creator only. One transaction marks the community `deleting` (every read hides it, its
 * posts and their comments from then on; joins and new posts stop matching) and records the
 * tombstone; the cascade then removes its posts (with all that hangs off them), memberships and
 * logo in batches (finishDeletion). The creator's DELETE again resumes an unfinished one.
 */
export async function deleteCommunity(
  deps: ForumDeps,
  user: AuthUser,
  communityId: string,
): Promise<void> {
  const { models, conn } = deps;
  const pending = await findOwnDeletion(models, toObjectId(communityId), user);
  if (pending) return finishDeletion(deps, pending);
  const community = await findCommunity(models, communityId);
  assertCanDeleteCommunity(community, user);
  const deletion = await inTransaction(conn, async () => {
    await models.Community.updateOne({ _id: community._id }, { $set: { deleting: true } });
    return recordDeletion(models, {
      id: community._id,
      kind: 'community',
      user,
      logoUrl: community.logo_url,
    });
  });
  await finishDeletion(deps, deletion);
}
