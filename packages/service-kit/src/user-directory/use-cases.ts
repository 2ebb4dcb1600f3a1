import { Types, type Model } from 'mongoose';
import type { EventOf, Subjects } from '@forum/contracts';
import { isDuplicateKeyError } from '../mongo.js';
import type { DirectoryUserDoc, DirectoryUserModel } from './model.js';

type UserRegistered = EventOf<typeof Subjects.UserRegistered>;
type UserUpdated = EventOf<typeof Subjects.UserUpdated>;

// Any model built by defineDirectoryUserModel (with or without extra fields); only the shared
// fields are touched. Mongoose model types are invariant, hence the cast.
const shared = <T extends DirectoryUserDoc>(model: Model<T>): DirectoryUserModel =>
  model as unknown as DirectoryUserModel;

/**
 * Add the new user to the directory. An upsert keyed by the user id, so replaying it changes
 * nothing; $setOnInsert keeps a newer avatar if identity.user.updated was applied first.
 */
export async function recordRegisteredUser<T extends DirectoryUserDoc>(
  model: Model<T>,
  event: UserRegistered,
): Promise<void> {
  await shared(model).updateOne(
    { _id: new Types.ObjectId(event.user_id) },
    {
      $setOnInsert: {
        username: event.username,
        username_lower: event.username.toLowerCase(),
        avatar_url: event.avatar_url,
        is_active: true,
        updated_at: new Date(event.occurred_at),
      },
      // The real date, also when identity.user.updated (or a first request) added the user first.
      $min: { registered_at: new Date(event.created_at) },
    },
    { upsert: true },
  );
}

/**
 * Apply a profile change (avatar, and is_active when the event carries it); an event older than
 * the stored state is ignored (updated_at guard). A user the directory does not know yet is
 * added, so a deactivation is never lost; identity.user.registered fills in registered_at later.
 */
export async function updateDirectoryUser<T extends DirectoryUserDoc>(
  model: Model<T>,
  event: UserUpdated,
): Promise<void> {
  const at = new Date(event.occurred_at);
  try {
    await shared(model).updateOne(
      { _id: new Types.ObjectId(event.user_id), updated_at: { $lt: at } },
      {
        $set: {
          avatar_url: event.avatar_url,
          updated_at: at,
          // Older producers leave it out: keep what is stored.
          ...(event.is_active === undefined ? {} : { is_active: event.is_active }),
        },
        $setOnInsert: {
          username: event.username,
          username_lower: event.username.toLowerCase(),
          registered_at: at,
        },
      },
      { upsert: true },
    );
  } catch (err) {
    // The user exists with a newer updated_at: the guard skipped it and the upsert met its _id.
    if (!isDuplicateKeyError(err)) throw err;
  }
}

/**
 * Whether the user directory replica lets this user act: false only once identity.user.updated
 * said is_active: false. A user the directory does not know (yet) counts as active: identity
 * minted the token, and it refuses deactivated accounts itself.
 */
export async function isDirectoryUserActive<T extends DirectoryUserDoc>(
  model: Model<T>,
  userId: string,
): Promise<boolean> {
  if (!Types.ObjectId.isValid(userId)) return true;
  const user = await shared(model).findById(userId, { is_active: 1 }).lean();
  return user?.is_active !== false;
}
