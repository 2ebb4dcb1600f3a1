import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { postModerationSchemaFields, type PostModerationFields } from './moderation-fields.js';
import {
  POST_TYPES,
  PostTexts,
  REACTION_TYPES,
  TITLE_MAX,
  type PostType,
  type ReactionCounts,
} from '@forum/contracts';

export interface PostDoc extends PostModerationFields {
  _id: Types.ObjectId;
  title: string;
  content: string;
  type: PostType;
  image_url: string | null;
  thumbnail_url?: string | null;
  community_id: Types.ObjectId;
  community_name: string;
  /** The community's is_nsfw, copied (it never changes) so lists filter by index, not a join. */
  community_nsfw?: boolean;
  author_id: Types.ObjectId;
  author_username: string;
  score: number;
  upvotes: number;
  downvotes: number;
  comment_count: number;
  /**
   * Its top-level comments as its comment list counts them (placeholders and removed ones
   * included), moved with $inc by create-comment and delete-comment: the list's total without a
   * count. Absent on a post that never had one written since (the list counts then); the
   * start-up backfill (backfillTopCommentCounts) recounts a database made before it.
   */
  top_comment_count?: number;
  reactions?: ReactionCounts;
  hot: number;
  /** Set (true) when its delete starts: writes that add to the post stop matching. */
  deleting?: boolean;
  /**
   * postSearchTerms(title, content), written with them: search requires every word with $all
   * here ($text alone matches any word). Absent until the start-up backfill on older data.
   */
  search_terms?: string[];
  created_at: Date;
  updated_at: Date;
}
export type PostModel = Model<PostDoc>;

/**
 * What a page of posts reads (issue 17): the fields presentPost shows, and the sort keys a
 * community page compares pinned posts by (pinned-page.ts). Not the search terms, counters of
 * other lists or version key: the dev DB serialises, and the service parses, every field read.
 * presenters/post.test.ts checks the presenter answers the same from these fields alone.
 */
export const POST_LIST_FIELDS = {
  title: 1,
  content: 1,
  type: 1,
  image_url: 1,
  thumbnail_url: 1,
  community_id: 1,
  community_name: 1,
  community_nsfw: 1,
  author_id: 1,
  author_username: 1,
  score: 1,
  upvotes: 1,
  downvotes: 1,
  comment_count: 1,
  reactions: 1,
  hot: 1,
  removed: 1,
  removal_reason: 1,
  removal_modlog_id: 1,
  locked: 1,
  pinned: 1,
  created_at: 1,
} as const satisfies Partial<Record<keyof PostDoc, 1>>;

const reactionCounts = Object.fromEntries(
  REACTION_TYPES.map((kind) => [kind, { type: Number, default: 0 }]),
);

const postSchema = new Schema<PostDoc>(
  {
    // The contract (zod) bounds the title to TITLE_MAX code points; mongoose's maxlength counts
    // UTF-16 units, so 300 emoji passed validation and then failed the save with a 500. The model
    // now counts the same way as the contract (regression: posts.int.test.ts, emoji titles).
    title: {
      type: String,
      required: true,
      validate: {
        validator: (v: string) => [...v].length <= TITLE_MAX,
        message: PostTexts.titleMax,
      },
    },
    content: { type: String, default: '' },
    type: { type: String, enum: POST_TYPES, required: true, default: 'text' },
    image_url: { type: String, default: null },
    thumbnail_url: { type: String, default: null },
    community_id: { type: Schema.Types.ObjectId, required: true },
    // Copied at write time: community names and usernames never change.
    community_name: { type: String, required: true },
    community_nsfw: { type: Boolean, default: false },
    author_id: { type: Schema.Types.ObjectId, required: true },
    author_username: { type: String, required: true },
    score: { type: Number, default: 0 },
    upvotes: { type: Number, default: 0 },
    downvotes: { type: Number, default: 0 },
    comment_count: { type: Number, default: 0 },
    // No default: a post stored without it (the scale bench's seeds, older data) is counted.
    top_comment_count: { type: Number },
    // Counters moved with $inc by the reaction use cases (no scan per read).
    reactions: { type: new Schema(reactionCounts, { _id: false }), default: () => ({}) },
    /** hotScore(score, created_at), kept current on each vote (ARCHITECTURE §8). */
    hot: { type: Number, required: true },
    deleting: { type: Boolean },
    // Not indexed: a $text query runs on the text index alone; this is its residual test.
    search_terms: { type: [String], default: undefined },
    ...postModerationSchemaFields,
  },
  { collection: 'posts', timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } },
);

/**
 * One index per list shape: equality fields, then the sort key, then _id as the tie-breaker that
 * keeps pages stable. Visitors' lists add community_nsfw=false (NSFW content is for signed-in
 * users only); the joined feed uses the community_id indexes with $in. post-indexes.test.ts
 * checks every query shape the service issues against this list. The start-up backfill's
 * `removed: null` uses the first (removed, created_at, _id).
 */
export const POST_LIST_INDEXES: Record<string, 1 | -1>[] = [];
for (const filter of [{}, { community_id: 1 }, { author_id: 1 }] as Record<string, 1>[]) {
  for (const visitor of [false, true]) {
    for (const key of ['created_at', 'score', 'hot']) {
      // `removed` (EXTENSIONS §M4) is an equality field of every list: false for most readers,
      // $in [false, true] for moderators and the admin (the two runs merge in sort order).
      POST_LIST_INDEXES.push({
        ...filter,
        removed: 1,
        ...(visitor ? { community_nsfw: 1 } : {}),
        [key]: -1,
        _id: -1,
      });
    }
  }
}
for (const fields of POST_LIST_INDEXES) postSchema.index(fields);
// The pinned posts leading a community page (EXTENSIONS §M2), and the pin count; _id breaks ties
// of the page's sort (pinned_at, _id) so the index gives the whole order.
postSchema.index({ community_id: 1, pinned: 1, pinned_at: -1, _id: -1 });
// EXTENSIONS §B1: a blocker's list total less the blocked authors' posts in the list's scope (their
// communities, removed rule): author first, so the count walks only the blocked authors' posts.
postSchema.index({ author_id: 1, community_id: 1, removed: 1 });

// Search (EXTENSIONS §S): MongoDB's one text index per collection, a title word worth three of
// the body's in the relevance order.
postSchema.index(
  { title: 'text', content: 'text' },
  { name: 'search_text', weights: { title: 3, content: 1 }, default_language: 'english' },
);

// "Is this stored image still used?" before deleting a (content-addressed, shared) file.
postSchema.index({ image_url: 1 });
postSchema.index({ thumbnail_url: 1 });

export const definePostModel = (conn: Connection): PostModel =>
  // Reuse the compiled model: mongoose refuses to compile one twice per connection.
  (conn.models.Post as PostModel | undefined) ?? conn.model<PostDoc>('Post', postSchema);
