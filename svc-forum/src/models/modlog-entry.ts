import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { MODLOG_ACTIONS, MODLOG_TARGETS, type ModlogAction } from '@forum/contracts';

export type ModlogTarget = (typeof MODLOG_TARGETS)[number];

/**
 * One entry of the public moderation log (EXTENSIONS §M3), written in the same transaction as
 * the action it records. Names are copied, so the entry reads the same after the community,
 * post or user is gone.
 */
export interface ModlogEntryDoc {
  _id: Types.ObjectId;
  /** null for the admin's site-wide entries. */
  community_id: Types.ObjectId | null;
  community_name: string | null;
  /** Visitors' site-wide log leaves NSFW communities out (by index). */
  community_nsfw: boolean;
  action: ModlogAction;
  moderator_id: Types.ObjectId;
  moderator_username: string;
  target_type: ModlogTarget;
  target_id: Types.ObjectId | null;
  /** The post's title (a comment's post title), never the removed text. */
  target_title: string | null;
  target_username: string | null;
  /** Who the action concerns (an author, a banned user): whose appeal it may be. */
  target_user_id: Types.ObjectId | null;
  reason: string | null;
  expires_at: Date | null;
  created_at: Date;
  /**
   * The event a site-wide entry was written from (identity.user.site_moderated): a replay after
   * the processed-event record's TTL finds the entry instead of adding a second one.
   */
  source_event_id?: string;
}
export type ModlogEntryModel = Model<ModlogEntryDoc>;

const modlogEntrySchema = new Schema<ModlogEntryDoc>(
  {
    community_id: { type: Schema.Types.ObjectId, default: null },
    community_name: { type: String, default: null },
    community_nsfw: { type: Boolean, default: false },
    action: { type: String, enum: MODLOG_ACTIONS, required: true },
    moderator_id: { type: Schema.Types.ObjectId, required: true },
    moderator_username: { type: String, required: true },
    target_type: { type: String, enum: MODLOG_TARGETS, required: true },
    target_id: { type: Schema.Types.ObjectId, default: null },
    target_title: { type: String, default: null },
    target_username: { type: String, default: null },
    target_user_id: { type: Schema.Types.ObjectId, default: null },
    reason: { type: String, default: null },
    expires_at: { type: Date, default: null },
    created_at: { type: Date, required: true },
    source_event_id: { type: String },
  },
  { collection: 'modlog', versionKey: false },
);

// Site-wide entries by their source event. Not unique: a sharded collection's unique indexes
// must start with its shard key (community_id, _id); the consumer's processed-event record,
// committed with the entry, keeps it to one.
modlogEntrySchema.index({ source_event_id: 1 }, { sparse: true });

/**
 * Newest first, _id breaking ties: a community's log (with or without the action filter) and
 * the site-wide log (everything, or visitors' without NSFW communities, each with or without
 * the action filter). modlog-indexes.test.ts checks every shape modlogQuery builds.
 */
const scopes: Record<string, 1>[] = [{ community_id: 1 }, {}, { community_nsfw: 1 }];
for (const scope of scopes) {
  for (const byAction of [false, true]) {
    modlogEntrySchema.index({
      ...scope,
      ...(byAction ? { action: 1 } : {}),
      created_at: -1,
      _id: -1,
    });
  }
}

// A deleted account's name leaves the log: the entries it wrote, and those about it.
modlogEntrySchema.index({ moderator_id: 1 });
modlogEntrySchema.index({ target_user_id: 1 });

export const defineModlogEntryModel = (conn: Connection): ModlogEntryModel =>
  (conn.models.ModlogEntry as ModlogEntryModel | undefined) ??
  conn.model<ModlogEntryDoc>('ModlogEntry', modlogEntrySchema);
