import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { NOTIFICATION_TYPES, type NotificationType } from '@forum/contracts';

export interface NotificationDoc {
  _id: Types.ObjectId;
  user_id: Types.ObjectId;
  type: NotificationType;
  title: string;
  content: string;
  is_read: boolean;
  related_id: string | null;
  post_id: string | null;
  created_at: Date;
  /** The event that created it: (user_id, source_event_id) is unique, so a redelivery is a no-op. */
  source_event_id: string;
  /** Coalesced kinds only (votes): `<type>:<item id>`; absent on the others. */
  group_key?: string;
  /** Coalesced kinds: how many events were folded in, and the latest of their ids. */
  count: number;
  source_event_ids: string[];
}
export type NotificationModel = Model<NotificationDoc>;

const notificationSchema = new Schema<NotificationDoc>(
  {
    user_id: { type: Schema.Types.ObjectId, required: true },
    type: { type: String, enum: NOTIFICATION_TYPES, required: true },
    title: { type: String, required: true },
    content: { type: String, default: '' },
    is_read: { type: Boolean, default: false },
    related_id: { type: String, default: null },
    post_id: { type: String, default: null },
    created_at: { type: Date, required: true },
    source_event_id: { type: String, required: true },
    group_key: { type: String },
    // No defaults: the coalescing upsert sets these with $inc/$push.
    count: { type: Number },
    source_event_ids: { type: [String], default: undefined },
  },
  { collection: 'notifications', versionKey: false },
);
// Shard key { user_id: 1 }: every read is one user's, and both unique indexes start with it (a
// unique index on a sharded collection must). Ranged, not hashed: hashed keys allow no unique index.
// The dropdown list, newest first.
notificationSchema.index({ user_id: 1, created_at: -1, _id: -1 });
// The unread badge, polled every 30 s by every signed-in tab.
notificationSchema.index({ user_id: 1, is_read: 1 });
notificationSchema.index({ user_id: 1, source_event_id: 1 }, { unique: true });
// At most one unread coalesced notification per item and user; once read, the next vote starts one.
notificationSchema.index(
  { user_id: 1, group_key: 1 },
  { unique: true, partialFilterExpression: { is_read: false, group_key: { $exists: true } } },
);

export const defineNotificationModel = (conn: Connection): NotificationModel =>
  (conn.models.Notification as NotificationModel | undefined) ??
  conn.model<NotificationDoc>('Notification', notificationSchema);
