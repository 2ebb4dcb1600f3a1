import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { generateReferralCode } from '../domain/secure-random.js';

export interface UserDoc {
  _id: Types.ObjectId;
  username: string;
  /** Lower-cased copies: case-insensitive lookups and claims (user_keys), no collations. */
  username_lower: string;
  email: string;
  email_lower: string;
  password_hash: string;
  avatar_url: string | null;
  total_score: number;
  is_active: boolean;
  email_verified: boolean;
  last_active: Date | null;
  referral_code: string;
  referred_by: Types.ObjectId | null;
  /** Vote event ids already applied to total_score (bounded), checked in the same update. */
  score_event_ids: string[];
  password_changed_at: Date | null;
  /**
   * EXTENSIONS §B2: when the account was deleted (null while it exists). A deleted user keeps
   * its _id, username (still claimed) and referral code; its email is '' and email_lower and
   * password_hash are gone, so no lookup by address and no password can reach it again.
   */
  deleted_at?: Date | null;
  /**
   * The username's text-search terms (termsOf): the word search requires every term of q with
   * $all, which $text alone does not. Set at registration (usernames never change); users of
   * older versions get it at start-up (backfill-search-terms).
   */
  search_terms?: string[];
  created_at: Date;
  updated_at: Date;
}
export type UserModel = Model<UserDoc>;

const userSchema = new Schema<UserDoc>(
  {
    username: { type: String, required: true },
    username_lower: { type: String, required: true },
    email: { type: String, required: true },
    email_lower: { type: String, required: true },
    password_hash: { type: String, required: true },
    avatar_url: { type: String, default: null },
    total_score: { type: Number, default: 0 },
    is_active: { type: Boolean, default: true },
    email_verified: { type: Boolean, default: false },
    last_active: { type: Date, default: null },
    referral_code: { type: String, required: true, default: generateReferralCode },
    referred_by: { type: Schema.Types.ObjectId, default: null },
    score_event_ids: { type: [String], default: [] },
    password_changed_at: { type: Date, default: null },
    deleted_at: { type: Date, default: null },
    // No default: a user without terms is one the start-up backfill has yet to reach.
    search_terms: { type: [String], default: undefined },
  },
  { collection: 'users', timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } },
);
// Lookups only: uniqueness is claimed in user_keys (a sharded users collection, keyed by _id,
// could not keep three unique indexes). _id follows the names so the admin list's sorts by name
// (name, _id) walk them too.
userSchema.index({ username_lower: 1, _id: 1 });
userSchema.index({ email_lower: 1, _id: 1 });
userSchema.index({ referral_code: 1 });
// Admin list sorts (created_at is also the daily-stats range) and the /internal/stats count.
userSchema.index({ created_at: -1, _id: -1 });
userSchema.index({ last_active: -1, _id: -1 });
userSchema.index({ total_score: -1, _id: -1 });
// User search (EXTENSIONS §S): usernames as words, stemmed as MongoDB's English text search does
// (name prefixes use the username_lower index). MongoDB allows one text index per collection.
userSchema.index({ username: 'text' }, { name: 'search_text', default_language: 'english' });
// Whether another account still shows a content-addressed avatar file before it is removed.
userSchema.index({ avatar_url: 1 });
// The start-up backfill's read of users still without terms (none, after the first start).
userSchema.index({ search_terms: 1, _id: 1 });

export const defineUserModel = (conn: Connection): UserModel =>
  // Reuse the compiled model: mongoose refuses to compile one twice per connection.
  (conn.models.User as UserModel | undefined) ?? conn.model<UserDoc>('User', userSchema);
