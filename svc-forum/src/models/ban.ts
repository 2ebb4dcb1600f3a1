import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * A user banned from a community (EXTENSIONS §M2). Active while expires_at is null (permanent)
 * or in the future: every check compares with the clock, so a ban ends exactly on time; the TTL
 * index only cleans up afterwards.
 */
export interface BanDoc {
  _id: Types.ObjectId;
  community_id: Types.ObjectId;
  user_id: Types.ObjectId;
  username: string;
  reason: string;
  expires_at: Date | null;
  created_at: Date;
  moderator_username: string;
  /** The ban_user log entry (the banned user's appeal names it). */
  modlog_id: Types.ObjectId;
}
export type BanModel = Model<BanDoc>;

const banSchema = new Schema<BanDoc>(
  {
    community_id: { type: Schema.Types.ObjectId, required: true },
    user_id: { type: Schema.Types.ObjectId, required: true },
    username: { type: String, required: true },
    reason: { type: String, required: true },
    expires_at: { type: Date, default: null },
    created_at: { type: Date, required: true },
    moderator_username: { type: String, required: true },
    modlog_id: { type: Schema.Types.ObjectId, required: true },
  },
  { collection: 'bans', versionKey: false },
);
// One ban per user and community (an expired one is replaced); serves every write's ban check.
banSchema.index({ community_id: 1, user_id: 1 }, { unique: true });
// The moderators' list, newest first (expired ones filtered out until the TTL sweep).
banSchema.index({ community_id: 1, created_at: -1, _id: -1 });
// A deleted account's name leaves the ban lists.
banSchema.index({ user_id: 1 });
// Expired bans go by themselves; permanent ones (null) never match a TTL index.
banSchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });

export const defineBanModel = (conn: Connection): BanModel =>
  (conn.models.Ban as BanModel | undefined) ?? conn.model<BanDoc>('Ban', banSchema);

/** The filter part that keeps active bans only (null: permanent). */
export const activeBan = (now: Date) => ({
  $or: [{ expires_at: null }, { expires_at: { $gt: now } }],
});
