import type { MessagingModels } from '../../models/index.js';

/**
 * The ids of the accounts with these usernames (case-insensitive, on the directory's
 * username_lower index), in the order given, leaving out names nobody has and accounts that are
 * deactivated or deleted: they are nobody to notify.
 */
export async function findActiveUserIds(
  { DirectoryUser }: MessagingModels,
  usernames: string[],
): Promise<string[]> {
  const lowers = [...new Set(usernames.map((name) => name.toLowerCase()))];
  if (lowers.length === 0) return [];
  const rows = await DirectoryUser.find(
    { username_lower: { $in: lowers } },
    { _id: 1, username_lower: 1, is_active: 1, deleted_at: 1 },
  ).lean();
  // A missing is_active is an active account (rows written before the field existed).
  const active = new Map(
    rows
      .filter((row) => row.is_active !== false && !row.deleted_at)
      .map((row) => [row.username_lower, row._id.toHexString()]),
  );
  return lowers.flatMap((lower) => active.get(lower) ?? []);
}
