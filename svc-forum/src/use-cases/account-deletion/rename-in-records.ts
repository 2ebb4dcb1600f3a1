import { DELETED_AUTHOR } from '@forum/contracts';
import type { ForumModels } from '../../models/index.js';
import { byUser } from '../../domain/account-queries.js';
import { updateInBatches } from '../shared/update-in-batches.js';
import type { DeletedUser } from './deleted-user.js';

type RecordModels = Pick<
  ForumModels,
  'ModlogEntry' | 'Report' | 'Ban' | 'Election' | 'Community' | 'DirectoryUser'
>;

const gone = { $ne: DELETED_AUTHOR };

/**
 * The other public copies of the name become '[deleted]', each on an index of its own: the log
 * entries the user wrote (moderator_id) and those about them (target_user_id), their reports
 * in the queues (`reports.reporter_id`) and the items reported (target_author_id), their bans
 * (user_id), their candidacies (`candidates.user_id`) and the communities they created
 * (created_by). Left as they are (no index by that user; moderators' and the admin's views):
 * appeals' names, a ban's or resolution's moderator_username, an election's started_by_username.
 * The directory row is marked deleted (profile lists answer 404); its username stays, reserved.
 */
export async function renameInRecords(models: RecordModels, user: DeletedUser): Promise<void> {
  const id = user._id;
  const at = { timestamps: false } as const;
  await updateInBatches(
    models.ModlogEntry,
    { moderator_id: id, moderator_username: gone },
    { $set: { moderator_username: DELETED_AUTHOR } },
  );
  await updateInBatches(
    models.ModlogEntry,
    { target_user_id: id, target_username: gone },
    { $set: { target_username: DELETED_AUTHOR } },
  );
  // One entry per reporter and item cycle: the array filter names theirs.
  await models.Report.updateMany(
    { 'reports.reporter_id': id },
    { $set: { 'reports.$[mine].reporter_username': DELETED_AUTHOR } },
    { arrayFilters: [{ 'mine.reporter_id': id }], ...at },
  );
  await updateInBatches(
    models.Report,
    { target_author_id: id, target_author_username: gone },
    { $set: { target_author_username: DELETED_AUTHOR } },
  );
  await updateInBatches(
    models.Ban,
    { ...byUser(id), username: gone },
    { $set: { username: DELETED_AUTHOR } },
  );
  await models.Election.updateMany(
    { 'candidates.user_id': id },
    { $set: { 'candidates.$[mine].username': DELETED_AUTHOR } },
    { arrayFilters: [{ 'mine.user_id': id }], ...at },
  );
  await updateInBatches(
    models.Community,
    { created_by: id, creator_username: gone },
    { $set: { creator_username: DELETED_AUTHOR } },
  );
  await models.DirectoryUser.updateOne(
    { _id: id, deleted_at: null },
    { $set: { deleted_at: new Date() } },
  );
}
