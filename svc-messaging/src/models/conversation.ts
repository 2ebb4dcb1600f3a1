import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * A two-person thread with one subject. The list fields (last message, per-participant unread
 * counters, usernames) are denormalised here so the inbox list is one indexed query.
 */
export interface ConversationDoc {
  _id: Types.ObjectId;
  participant_ids: Types.ObjectId[];
  /** The two user ids sorted and joined: with subject_key, identifies the thread. */
  pair_key: string;
  subject: string;
  /** Lower-cased subject: the same subject between the same two people reuses the thread. */
  subject_key: string;
  /** user id (hex) -> username, copied at write time (usernames never change). */
  usernames: Record<string, string>;
  /** user id (hex) -> that participant's unread messages in this conversation. */
  unread: Record<string, number>;
  last_message: string;
  last_message_at: Date;
  created_at: Date;
}
export type ConversationModel = Model<ConversationDoc>;

const conversationSchema = new Schema<ConversationDoc>(
  {
    participant_ids: { type: [Schema.Types.ObjectId], required: true },
    pair_key: { type: String, required: true },
    subject: { type: String, required: true },
    subject_key: { type: String, required: true },
    usernames: { type: Schema.Types.Mixed, required: true },
    unread: { type: Schema.Types.Mixed, required: true },
    last_message: { type: String, default: '' },
    last_message_at: { type: Date, required: true },
    created_at: { type: Date, required: true },
  },
  { collection: 'conversations', versionKey: false, minimize: false },
);
// The inbox list: my conversations, most recent activity first.
conversationSchema.index({ participant_ids: 1, last_message_at: -1, _id: -1 });
conversationSchema.index({ pair_key: 1, subject_key: 1 }, { unique: true });

/** A filter for one conversation that names its shard key, so it is routed to one shard. */
export const conversationFilter = (
  c: Pick<ConversationDoc, '_id' | 'pair_key' | 'subject_key'>,
) => ({
  _id: c._id,
  pair_key: c.pair_key,
  subject_key: c.subject_key,
});

export const defineConversationModel = (conn: Connection): ConversationModel =>
  (conn.models.Conversation as ConversationModel | undefined) ??
  conn.model<ConversationDoc>('Conversation', conversationSchema);
