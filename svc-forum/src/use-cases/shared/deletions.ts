import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { ForumModels } from '../../models/index.js';
import type { DeletionDoc, DeletionKind } from '../../models/deletion.js';

/**
 * The caller's own delete of this target, still in progress (a crash or a lost answer): the
 * DELETE again resumes it instead of answering 404. Someone else's answers null (then 404).
 */
export async function findOwnDeletion(
  { Deletion }: Pick<ForumModels, 'Deletion'>,
  id: Types.ObjectId,
  user: AuthUser,
): Promise<DeletionDoc | null> {
  const pending = await Deletion.findById(id).lean<DeletionDoc>();
  return pending?.requested_by.toHexString() === user.id ? pending : null;
}

/**
 * The tombstone, written inside the transaction that marks its target: an upsert, so two
 * DELETEs at once write one (the second transaction conflicts and re-runs, then finds it).
 */
export async function recordDeletion(
  { Deletion }: Pick<ForumModels, 'Deletion'>,
  draft: {
    id: Types.ObjectId;
    kind: DeletionKind;
    user: AuthUser;
    logoUrl?: string | null;
    images?: (string | null | undefined)[];
  },
): Promise<DeletionDoc> {
  const now = new Date();
  const recorded = await Deletion.findOneAndUpdate(
    { _id: draft.id },
    {
      $setOnInsert: {
        kind: draft.kind,
        requested_by: toObjectId(draft.user.id),
        logo_url: draft.logoUrl ?? null,
        images: (draft.images ?? []).filter((u): u is string => !!u),
        started_at: now,
        heartbeat_at: now,
      },
    },
    { upsert: true, returnDocument: 'after' },
  ).lean<DeletionDoc>();
  return recorded!;
}
