import {
  isDuplicateKeyError,
  retryAfterFailover,
  toObjectId,
  type AuthUser,
} from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';

/**
 * Record the caller in the user directory from the token's claims, so an author resolves on
 * /auth/user/{username}/posts even before identity.user.registered arrives. $setOnInsert only:
 * the event (and identity.user.updated, which wins on updated_at) stays the source of truth.
 * Outside the caller's transaction, so repeated after a failover (it is harmless twice).
 */
export async function rememberUser({ DirectoryUser }: ForumModels, user: AuthUser): Promise<void> {
  try {
    await retryAfterFailover(() =>
      DirectoryUser.updateOne(
        { _id: toObjectId(user.id) },
        {
          $setOnInsert: {
            username: user.username,
            username_lower: user.username.toLowerCase(),
            avatar_url: null,
            registered_at: new Date(),
            updated_at: new Date(0),
          },
        },
        { upsert: true },
      ),
    );
  } catch (err) {
    // A concurrent first write for the same user: the other one recorded it.
    if (!isDuplicateKeyError(err)) throw err;
  }
}
