import { DELETED_AUTHOR, type EventOf, type Subjects } from '@forum/contracts';
import {
  deleteInBatches,
  forgetUserBlocks,
  isDuplicateKeyError,
  toObjectId,
} from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { MessagingModels } from '../models/index.js';
import { conversationFilter, type ConversationDoc } from '../models/conversation.js';

type UserDeleted = EventOf<typeof Subjects.UserDeleted>;

/** Conversations renamed per bulk write. */
export const RENAME_BATCH = 500;

/**
 * identity.user.deleted (EXTENSIONS §B2). Every step is idempotent and none is one big write, so
 * a redelivery after a crash half-way finishes the rest, and a repeat changes nothing. The order
 * matters: first the markers that stop anything new arriving (the directory refuses messages to
 * the account, the preferences marker drops its notifications), then what it left is erased:
 * its notifications and preferences, the blocks replica's rows on either side, and its name in
 * conversations ('[deleted]'; the other participant keeps the conversation and its messages).
 */
export async function applyAccountDeletion(
  models: MessagingModels,
  event: UserDeleted,
): Promise<void> {
  const userId = toObjectId(event.user_id);
  const at = new Date(event.deleted_at);
  await markDirectoryUserDeleted(models, event, userId, at);
  await models.NotificationPreference.updateOne(
    { user_id: userId },
    { $unset: { disabled: 1 }, $set: { account_deleted_at: at, updated_at: at } },
    { upsert: true },
  );
  await deleteInBatches(models.Notification, { user_id: userId });
  await forgetUserBlocks(models.Block, event.user_id);
  await renameInConversations(models, event.user_id);
}

/**
 * identity publishes identity.user.updated {is_active: false, avatar_url: null} with the deletion,
 * on another durable: whichever comes first, the row ends inactive, without an avatar, and
 * deleted. updated_at moves up to the deletion, so an older update arriving late is ignored.
 */
async function markDirectoryUserDeleted(
  { DirectoryUser }: MessagingModels,
  event: UserDeleted,
  userId: Types.ObjectId,
  at: Date,
): Promise<void> {
  const mark = (upsert: boolean) =>
    DirectoryUser.updateOne(
      { _id: userId },
      {
        $set: { is_active: false, avatar_url: null, deleted_at: at },
        $max: { updated_at: at },
        $setOnInsert: {
          username: event.username,
          username_lower: event.username.toLowerCase(),
          registered_at: at,
        },
      },
      { upsert },
    );
  try {
    await mark(true);
  } catch (err) {
    // The directory consumer inserted the row at the same moment: update it.
    if (!isDuplicateKeyError(err)) throw err;
    await mark(false);
  }
}

/** usernames.<id> = '[deleted]' in each of the user's conversations, RENAME_BATCH at a time. */
async function renameInConversations(
  { Conversation }: MessagingModels,
  userId: string,
): Promise<void> {
  const name = `usernames.${userId}`;
  // Served by (participant_ids, last_message_at, _id); a renamed conversation no longer matches.
  const pending = { participant_ids: toObjectId(userId), [name]: { $ne: DELETED_AUTHOR } };
  for (;;) {
    const batch = await Conversation.find(pending, { _id: 1, pair_key: 1, subject_key: 1 })
      .limit(RENAME_BATCH)
      .lean<Pick<ConversationDoc, '_id' | 'pair_key' | 'subject_key'>[]>();
    if (batch.length === 0) return;
    // One update per conversation, each naming its shard key.
    await Conversation.bulkWrite(
      batch.map((c) => ({
        updateOne: { filter: conversationFilter(c), update: { $set: { [name]: DELETED_AUTHOR } } },
      })),
      { ordered: false },
    );
    if (batch.length < RENAME_BATCH) return;
  }
}
