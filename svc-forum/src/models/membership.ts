import { Schema, type Connection, type Model, type Types } from 'mongoose';

export interface MembershipDoc {
  _id: Types.ObjectId;
  community_id: Types.ObjectId;
  user_id: Types.ObjectId;
  /** Copied from the token at join time (usernames never change). */
  username: string;
  is_moderator: boolean;
  joined_at: Date;
}
export type MembershipModel = Model<MembershipDoc>;

const membershipSchema = new Schema<MembershipDoc>(
  {
    community_id: { type: Schema.Types.ObjectId, required: true },
    user_id: { type: Schema.Types.ObjectId, required: true },
    username: { type: String, required: true },
    is_moderator: { type: Boolean, default: false },
    joined_at: { type: Date, required: true },
  },
  { collection: 'memberships', versionKey: false },
);
// One membership per pair: member_count moves only when an insert/delete really happened.
// User first: the shard key is { user_id: 1, community_id: 1 } (a sharded collection's unique
// index must start with it), so the feed's "my communities" read goes to one shard.
membershipSchema.index({ user_id: 1, community_id: 1 }, { unique: true });
// The caller's communities (feed, /communities/my), newest join first.
membershipSchema.index({ user_id: 1, joined_at: -1, _id: -1 });
// Members list, oldest first (the creator leads).
membershipSchema.index({ community_id: 1, joined_at: 1, _id: 1 });

export const defineMembershipModel = (conn: Connection): MembershipModel =>
  (conn.models.Membership as MembershipModel | undefined) ??
  conn.model<MembershipDoc>('Membership', membershipSchema);
