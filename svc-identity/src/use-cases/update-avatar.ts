import { Types } from 'mongoose';
import { AuthMessages } from '@forum/contracts';
import { IMAGE_PRESETS, inTransaction, notFound, saveImage } from '@forum/service-kit';
import type { IdentityDeps } from '../deps.js';
import { publishUserUpdated } from '../events/user-events.js';

/**
 * Sets the caller's avatar to `url` (or none) with its identity.user.updated in one transaction,
 * then releases the file it replaced: deleted unless another account still shows the same
 * content-addressed file (after the commit: a file is no part of a transaction).
 */
async function replaceAvatar(
  deps: IdentityDeps,
  userId: string,
  url: string | null,
): Promise<string | null> {
  const { User } = deps.models;
  const _id = new Types.ObjectId(userId);
  const previous = await inTransaction(deps.conn, async (session) => {
    const before = await User.findOneAndUpdate(
      { _id },
      { $set: { avatar_url: url } },
      { projection: { avatar_url: 1, username: 1, is_active: 1 } },
    ).lean();
    if (!before) throw notFound(AuthMessages.userNotFound);
    if (before.avatar_url !== url) {
      await publishUserUpdated(deps, session, { ...before, avatar_url: url });
    }
    return before.avatar_url;
  });
  if (previous && previous !== url) {
    await deps.avatars.release(previous, async (u) => !!(await User.exists({ avatar_url: u })));
  }
  return url;
}

/** Any JPEG/PNG/GIF/WebP (decided from the bytes) becomes a 256 px square WebP. */
export async function updateAvatar(
  deps: IdentityDeps,
  userId: string,
  upload: Uint8Array,
): Promise<string> {
  const saved = await saveImage(deps.avatars, upload, IMAGE_PRESETS.avatar.process);
  await replaceAvatar(deps, userId, saved.url);
  // Referenced now: write back what an identical upload's release may have removed meanwhile.
  await saved.ensureStored();
  return saved.url;
}

export const removeAvatar = (deps: IdentityDeps, userId: string) =>
  replaceAvatar(deps, userId, null);
