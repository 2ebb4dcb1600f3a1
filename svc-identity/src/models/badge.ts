import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { BADGE_ICONS, BADGE_TYPES } from '@forum/contracts';

export interface BadgeDoc {
  _id: Types.ObjectId;
  user_id: Types.ObjectId;
  badge_type: (typeof BADGE_TYPES)[number];
  name: string;
  description: string;
  icon: (typeof BADGE_ICONS)[number];
  earned_at: Date;
}
export type BadgeModel = Model<BadgeDoc>;

const schema = new Schema<BadgeDoc>(
  {
    user_id: { type: Schema.Types.ObjectId, required: true },
    badge_type: { type: String, enum: BADGE_TYPES, required: true },
    name: { type: String, required: true },
    description: { type: String, required: true },
    icon: { type: String, enum: BADGE_ICONS, required: true },
    earned_at: { type: Date, required: true },
  },
  { collection: 'badges', versionKey: false },
);
// Each badge is earned once: a second award is a duplicate key, i.e. "already earned".
schema.index({ user_id: 1, badge_type: 1 }, { unique: true });
schema.index({ user_id: 1, earned_at: -1, _id: -1 });

export const defineBadgeModel = (conn: Connection): BadgeModel =>
  (conn.models.Badge as BadgeModel | undefined) ?? conn.model<BadgeDoc>('Badge', schema);
