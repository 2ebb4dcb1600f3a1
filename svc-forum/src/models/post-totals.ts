import { Schema, type Connection, type Model } from 'mongoose';

/** The one document: the site-wide post counters behind the home list's total. */
export const SITE_POSTS = 'posts';

/**
 * Bumped when what the counters count changes: the start-up backfill recounts a database whose
 * totals document carries another (or no) version.
 */
export const POST_COUNTS_VERSION = 1;

/**
 * Site-wide sums of the communities' post counters (Community.post_count, removed_post_count)
 * over the communities not being deleted, with the NSFW communities' share apart (visitors'
 * lists leave those out). Moved in the same transaction as the community's own counters; a
 * community's share leaves in the transaction that starts its delete.
 */
export interface PostTotalsDoc {
  _id: typeof SITE_POSTS;
  posts: number;
  removed: number;
  nsfw_posts: number;
  nsfw_removed: number;
  /** Set by the backfill's recount (POST_COUNTS_VERSION); writes leave it as it is. */
  version?: number;
}
export type PostTotalsModel = Model<PostTotalsDoc>;

const postTotalsSchema = new Schema<PostTotalsDoc>(
  {
    _id: { type: String, required: true },
    posts: { type: Number, default: 0 },
    removed: { type: Number, default: 0 },
    nsfw_posts: { type: Number, default: 0 },
    nsfw_removed: { type: Number, default: 0 },
    version: { type: Number },
  },
  { collection: 'post_totals', versionKey: false },
);

export const definePostTotalsModel = (conn: Connection): PostTotalsModel =>
  (conn.models.PostTotals as PostTotalsModel | undefined) ??
  conn.model<PostTotalsDoc>('PostTotals', postTotalsSchema);
