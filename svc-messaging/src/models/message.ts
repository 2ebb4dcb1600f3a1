import { Schema, type Connection, type Model, type Types } from 'mongoose';

export interface MessageDoc {
  _id: Types.ObjectId;
  conversation_id: Types.ObjectId;
  sender_id: Types.ObjectId;
  recipient_id: Types.ObjectId;
  content: string;
  is_read: boolean;
  read_at: Date | null;
  created_at: Date;
  /**
   * The admin removed it (a resolved report, EXTENSIONS §M5): every read shows REMOVED_TEXT.
   * Absent on messages stored before moderation, which counts as false.
   */
  removed?: boolean;
  removed_at?: Date | null;
}
export type MessageModel = Model<MessageDoc>;

const messageSchema = new Schema<MessageDoc>(
  {
    conversation_id: { type: Schema.Types.ObjectId, required: true },
    sender_id: { type: Schema.Types.ObjectId, required: true },
    recipient_id: { type: Schema.Types.ObjectId, required: true },
    content: { type: String, required: true },
    is_read: { type: Boolean, default: false },
    read_at: { type: Date, default: null },
    created_at: { type: Date, required: true },
    removed: { type: Boolean, default: false },
    removed_at: { type: Date, default: null },
  },
  { collection: 'messages', versionKey: false },
);
// A conversation's pages, newest first (page 1 = the latest messages).
messageSchema.index({ conversation_id: 1, created_at: -1, _id: -1 });
// Opening a conversation marks the caller's unread messages in it read.
messageSchema.index({ conversation_id: 1, recipient_id: 1, is_read: 1 });
// GET /messages/unread-count, polled every 30 s by every signed-in tab.
messageSchema.index({ recipient_id: 1, is_read: 1 });

export const defineMessageModel = (conn: Connection): MessageModel =>
  (conn.models.Message as MessageModel | undefined) ??
  conn.model<MessageDoc>('Message', messageSchema);
