import { toObjectId, type AuthUser, readLean } from '@forum/service-kit';
import { Types } from 'mongoose';
import type { ForumModels } from '../../models/index.js';
import type { RemovedSeen } from '../../domain/removed-filter.js';
import { VISITOR, authorView, type Viewer } from '../../policies/moderation-policy.js';

/**
 * Who is reading, for EXTENSIONS §M4: the admin, or the communities the reader moderates (one
 * indexed query; `communityId` narrows it to the one community a single read concerns).
 */
export async function loadViewer(
  { Moderator }: Pick<ForumModels, 'Moderator'>,
  user: AuthUser | undefined,
  communityId?: Types.ObjectId,
): Promise<Viewer> {
  if (!user) return VISITOR;
  if (user.isAdmin) return { userId: user.id, isAdmin: true, moderates: new Set() };
  const seats = await readLean<{ community_id: Types.ObjectId }>(
    Moderator,
    { user_id: toObjectId(user.id), ...(communityId ? { community_id: communityId } : {}) },
    { projection: { community_id: 1 } },
  );
  return {
    userId: user.id,
    isAdmin: false,
    moderates: new Set(seats.map((s) => s.community_id.toHexString())),
  };
}

/**
 * For reads of one community's items: the viewer only matters when one of them is removed, so
 * the query is made only then (a page of threads keeps its bounded number of queries).
 */
export const loadViewerFor = (
  models: Pick<ForumModels, 'Moderator'>,
  user: AuthUser | undefined,
  communityId: Types.ObjectId,
  items: { removed?: boolean }[],
): Promise<Viewer> =>
  items.some((item) => item.removed)
    ? loadViewer(models, user, communityId)
    : Promise.resolve(user ? authorView(user) : VISITOR);

/** The communities whose removed items the viewer sees in lists. */
export const removedSeenBy = (viewer: Viewer): RemovedSeen =>
  viewer.isAdmin ? 'all' : [...viewer.moderates].map((id) => new Types.ObjectId(id));
