import { Schema, type Connection, type Model, type Types } from 'mongoose';

export interface CommunityDoc {
  _id: Types.ObjectId;
  name: string;
  /** Lower-cased name: case-insensitive uniqueness without collations (ARCHITECTURE §7). */
  name_lower: string;
  description: string;
  rules: string;
  is_nsfw: boolean;
  logo_url: string | null;
  member_count: number;
  /**
   * Its posts not being deleted, removed ones included: kept by post create and delete, so the
   * admin list and the post lists' totals need no count (use-cases/shared/move-post-counts.ts).
   */
  post_count: number;
  /** Of those, the removed ones (EXTENSIONS §M4); absent until the start-up backfill counted. */
  removed_post_count?: number;
  created_by: Types.ObjectId;
  creator_username: string;
  /** Set (true) when its delete starts: joins and new posts stop matching. */
  deleting?: boolean;
  /**
   * When its owner's account was deleted with no moderator to take the seat: it stays without an
   * owner (the admin may appoint one), and the start-up backfill does not seat the creator again.
   */
  owner_vacated_at?: Date;
  /** Written by every pin and unpin (EXTENSIONS §M2): concurrent ones conflict, so the limit holds. */
  pins_changed_at?: Date;
  /**
   * Its pinned posts, newest pin first, rewritten by every pin and unpin in its transaction
   * (community-pins.ts); a deleted one may stay listed (lists leave it out). Absent in a
   * community from before: its page then finds them by query.
   */
  pinned_post_ids?: Types.ObjectId[];
  /** communitySearchTerms(name, description), written with them (see PostDoc.search_terms). */
  search_terms?: string[];
  created_at: Date;
  updated_at: Date;
}
export type CommunityModel = Model<CommunityDoc>;

const communitySchema = new Schema<CommunityDoc>(
  {
    name: { type: String, required: true },
    name_lower: { type: String, required: true },
    description: { type: String, required: true },
    rules: { type: String, required: true },
    is_nsfw: { type: Boolean, default: false },
    logo_url: { type: String, default: null },
    member_count: { type: Number, default: 0 },
    post_count: { type: Number, default: 0 },
    removed_post_count: { type: Number },
    created_by: { type: Schema.Types.ObjectId, required: true },
    creator_username: { type: String, required: true },
    deleting: { type: Boolean },
    owner_vacated_at: { type: Date },
    pins_changed_at: { type: Date },
    pinned_post_ids: { type: [Schema.Types.ObjectId], default: undefined },
    // Not indexed: the residual test of a $text query (every word required).
    search_terms: { type: [String], default: undefined },
  },
  {
    collection: 'communities',
    versionKey: false,
    timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' },
  },
);
// Also search's name prefix (EXTENSIONS §S): a range of this index.
communitySchema.index({ name_lower: 1 }, { unique: true });
// GET /communities and /admin/communities: biggest first, newest among equals.
communitySchema.index({ member_count: -1, _id: -1 });

// Search: the one text index a collection may have; a name word outweighs the description's.
communitySchema.index(
  { name: 'text', description: 'text' },
  { name: 'search_text', weights: { name: 5, description: 1 }, default_language: 'english' },
);

// The communities a user created (a deleted account's name leaves creator_username).
communitySchema.index({ created_by: 1 });

// "Is this logo file still used?" before deleting it (identical uploads share a file).
communitySchema.index({ logo_url: 1 });

export const defineCommunityModel = (conn: Connection): CommunityModel =>
  (conn.models.Community as CommunityModel | undefined) ??
  conn.model<CommunityDoc>('Community', communitySchema);
