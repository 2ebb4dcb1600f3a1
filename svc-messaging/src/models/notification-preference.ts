import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { NOTIFICATION_TYPES, type NotificationType } from '@forum/contracts';

/**
 * A user's notification preferences (EXTENSIONS §B2). Every type is on by default, so only the
 * types turned off are stored (`disabled.<type>: true`); a user who never changed anything has
 * no document.
 */
export interface NotificationPreferenceDoc {
  _id: Types.ObjectId;
  user_id: Types.ObjectId;
  disabled?: Partial<Record<NotificationType, boolean>>;
  /**
   * Set when the account was deleted (identity.user.deleted): the choices above are erased and
   * the document stays as the marker that turns every notification off, so nothing new is
   * written for the account (its posts still get replies and votes). The recipients' preference
   * read that every notification already makes sees it at no extra cost.
   */
  account_deleted_at?: Date;
  updated_at: Date;
}
export type NotificationPreferenceModel = Model<NotificationPreferenceDoc>;

const notificationPreferenceSchema = new Schema<NotificationPreferenceDoc>(
  {
    user_id: { type: Schema.Types.ObjectId, required: true },
    // One declared path per type: an update naming anything else is dropped by mongoose.
    disabled: Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, { type: Boolean }])),
    account_deleted_at: { type: Date },
    updated_at: { type: Date, required: true },
  },
  { collection: 'notification_preferences', versionKey: false },
);
// Shard key { user_id: 1 }. Serves GET/PUT (one user) and the `$in` read of an event's
// recipients when notifications are created.
notificationPreferenceSchema.index({ user_id: 1 }, { unique: true });

export const defineNotificationPreferenceModel = (conn: Connection): NotificationPreferenceModel =>
  (conn.models.NotificationPreference as NotificationPreferenceModel | undefined) ??
  conn.model<NotificationPreferenceDoc>('NotificationPreference', notificationPreferenceSchema);
