import type { Connection, mongo } from 'mongoose';
import { dropRetiredIndexes, type Logger } from '@forum/service-kit';
import { userKey, type UserKeyDoc } from './user-key.js';

const BATCH = 1000;

/** Unique indexes of earlier versions that are plain lookups now (same names, same keys). */
const NO_LONGER_UNIQUE: Record<string, string[]> = {
  users: ['username_lower_1', 'email_lower_1', 'referral_code_1'],
  refresh_token_families: ['current_hash_1'],
};

/**
 * Plain indexes the schemas replaced: the name lookups gained _id (the admin list's sorts), the
 * referrer's lookup gained its order (the data export's list).
 */
const RETIRED: Record<string, string[]> = {
  users: ['username_lower_1', 'email_lower_1'],
  referrals: ['referrer_id_1'],
};

interface ClaimedUser {
  _id: UserKeyDoc['user_id'];
  username_lower: string;
  /** Absent once the account is deleted: its address was released. */
  email_lower?: string;
  referral_code: string;
}

/**
 * The username claims, as a range of user_keys' _id: one per user, deleted or not (a deleted
 * account releases its email, so the claims are no longer three per user).
 */
export const USERNAME_CLAIMS = {
  _id: { $gte: userKey('username', ''), $lt: userKey('username', '\uffff') },
} as const;

/**
 * Claims (user_keys) for users that have none: every user of a database that predates them, and
 * users an older instance created during a rolling upgrade. Skipped when every user has its
 * username claim (the claims of a registration are written together).
 */
async function claimExistingUsers(conn: Connection): Promise<number> {
  const users = conn.collection<ClaimedUser>('users');
  const keys = conn.collection<UserKeyDoc>('user_keys');
  const [userCount, claimCount] = await Promise.all([
    users.estimatedDocumentCount(),
    keys.countDocuments(USERNAME_CLAIMS),
  ]);
  if (claimCount >= userCount) return 0;
  let claimed = 0;
  let batch: mongo.AnyBulkWriteOperation<UserKeyDoc>[] = [];
  const write = async () => {
    if (batch.length) claimed += (await keys.bulkWrite(batch, { ordered: false })).upsertedCount;
    batch = [];
  };
  const projection = { username_lower: 1, email_lower: 1, referral_code: 1 };
  for await (const user of users.find({}, { projection, batchSize: BATCH })) {
    for (const _id of [
      userKey('username', user.username_lower),
      ...(user.email_lower ? [userKey('email', user.email_lower)] : []),
      userKey('referral', user.referral_code),
    ]) {
      batch.push({
        updateOne: {
          filter: { _id },
          update: { $setOnInsert: { user_id: user._id } },
          upsert: true,
        },
      });
    }
    if (batch.length >= BATCH) await write();
  }
  await write();
  return claimed;
}

/**
 * What an existing database needs before the models build their indexes (a plain index cannot be
 * built while a unique one with the same keys exists): the users' unique values claimed in
 * user_keys first, so uniqueness never lapses, then the former unique indexes dropped.
 */
export async function migrateIdentityIndexes(conn: Connection, log: Logger): Promise<void> {
  const claimed = await claimExistingUsers(conn);
  // Only those still unique go here (the plain ones after the replacements are built).
  const dropped = await dropRetiredIndexes(conn, NO_LONGER_UNIQUE, {
    only: (index) => index.unique === true,
  });
  if (claimed || dropped.length) {
    log.info({ claimed, dropped }, 'user claims added and former unique indexes dropped');
  }
}

/**
 * After the models built their indexes: drops the plain ones they replaced (the lookups keep an
 * index throughout, the replacements serving them once built).
 */
export async function dropRetiredIdentityIndexes(conn: Connection, log: Logger): Promise<void> {
  const dropped = await dropRetiredIndexes(conn, RETIRED);
  if (dropped.length) log.info({ dropped }, 'retired indexes dropped');
}
