import { Schema, type Connection, type Model, type Types } from 'mongoose';
import {
  MODERATOR_ROLES,
  MODERATOR_SOURCES,
  type Moderator as ModeratorWire,
} from '@forum/contracts';

export type ModeratorRole = ModeratorWire['role'];
export type ModeratorSource = ModeratorWire['source'];

/** One member of a community's team (EXTENSIONS §M1): its owner or a moderator. */
export interface ModeratorDoc {
  _id: Types.ObjectId;
  community_id: Types.ObjectId;
  user_id: Types.ObjectId;
  /** Copied when appointed (usernames never change). */
  username: string;
  role: ModeratorRole;
  source: ModeratorSource;
  since: Date;
  /** Elected moderators only: when the term ends. */
  term_ends_at: Date | null;
}
export type ModeratorModel = Model<ModeratorDoc>;

const moderatorSchema = new Schema<ModeratorDoc>(
  {
    community_id: { type: Schema.Types.ObjectId, required: true },
    user_id: { type: Schema.Types.ObjectId, required: true },
    username: { type: String, required: true },
    role: { type: String, enum: MODERATOR_ROLES, required: true },
    source: { type: String, enum: MODERATOR_SOURCES, required: true },
    since: { type: Date, required: true },
    term_ends_at: { type: Date, default: null },
  },
  { collection: 'moderators', versionKey: false },
);
// One place per user and community; serves "is the caller a moderator here" on every action.
moderatorSchema.index({ community_id: 1, user_id: 1 }, { unique: true });
// Exactly one owner per community, whatever runs concurrently (a hand-over demotes first).
moderatorSchema.index(
  { community_id: 1 },
  { unique: true, partialFilterExpression: { role: 'owner' }, name: 'one_owner_per_community' },
);
// The team list: 'owner' before 'moderator' (descending), then the longest-serving first.
moderatorSchema.index({ community_id: 1, role: -1, since: 1, _id: 1 });
// The communities a user moderates (removed content they may see in lists).
moderatorSchema.index({ user_id: 1 });
// Elected terms by their end: the sweep that steps them down (EXTENSIONS §E).
moderatorSchema.index(
  { term_ends_at: 1 },
  { partialFilterExpression: { source: 'elected' }, name: 'elected_by_term_end' },
);

export const defineModeratorModel = (conn: Connection): ModeratorModel =>
  (conn.models.Moderator as ModeratorModel | undefined) ??
  conn.model<ModeratorDoc>('Moderator', moderatorSchema);
