import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { removalSchemaFields, type RemovalFields } from './moderation-fields.js';

export interface CommentDoc extends RemovalFields {
  _id: Types.ObjectId;
  content: string;
  post_id: Types.ObjectId;
  /** null for a top-level comment. */
  parent_id: Types.ObjectId | null;
  /** The list the comment appears in: its post when top-level, else its parent comment. One
   * equality field per list keeps each list's index exact (ids of both kinds never collide). */
  container_id: Types.ObjectId;
  /** The top-level comment of the thread (itself for a top-level one). Not indexed: pages
   * nest their replies level by level by container_id (load-nested-replies.ts). */
  root_id: Types.ObjectId;
  /** 0 top-level, up to MAX_COMMENT_DEPTH. */
  depth: number;
  /** null once deleted as a placeholder (the author is removed with the text). */
  author_id: Types.ObjectId | null;
  author_username: string | null;
  // Copied from the post (they never change) so profile lists need no join for them and
  // visitors' lists can drop NSFW by index.
  community_id: Types.ObjectId;
  community_name: string;
  community_nsfw: boolean;
  score: number;
  upvotes: number;
  downvotes: number;
  /** wilsonLowerBound(upvotes, downvotes), kept current on each vote (ARCHITECTURE §8). */
  best: number;
  /** Direct replies, moved with $inc; a reply reserves its slot before it is inserted. */
  reply_count: number;
  is_deleted: boolean;
  /** commentSearchTerms(content), written with it (see PostDoc.search_terms); [] once deleted. */
  search_terms?: string[];
  /**
   * Its post's `removed`, copied by the post's removal and restore (and by a comment written
   * under a removed post): search leaves such comments out with one test per candidate.
   */
  post_removed?: boolean;
  created_at: Date;
  updated_at: Date;
}
export type CommentModel = Model<CommentDoc>;

/**
 * What a page of threads reads of each comment (the projection of its queries): what
 * presentComment shows and checks (seesRemoved: community_id, author_id), the tree's parent and
 * sort keys. container_id, root_id and the community's name and NSFW flag stay in the database;
 * presenters/comment.test.ts checks the presenter answers the same from these fields alone.
 */
export const THREAD_COMMENT_FIELDS = {
  content: 1,
  post_id: 1,
  parent_id: 1,
  depth: 1,
  author_id: 1,
  author_username: 1,
  community_id: 1,
  score: 1,
  upvotes: 1,
  downvotes: 1,
  best: 1,
  reply_count: 1,
  is_deleted: 1,
  created_at: 1,
  updated_at: 1,
  removed: 1,
  removal_reason: 1,
  removal_modlog_id: 1,
} as const satisfies Partial<Record<keyof CommentDoc, 1>>;

/** What a page of found comments reads: a thread's fields and the community's name it shows. */
export const SEARCH_COMMENT_FIELDS = {
  ...THREAD_COMMENT_FIELDS,
  community_name: 1,
} as const satisfies Partial<Record<keyof CommentDoc, 1>>;

const commentSchema = new Schema<CommentDoc>(
  {
    content: { type: String, required: true },
    post_id: { type: Schema.Types.ObjectId, required: true },
    parent_id: { type: Schema.Types.ObjectId, default: null },
    container_id: { type: Schema.Types.ObjectId, required: true },
    root_id: { type: Schema.Types.ObjectId, required: true },
    depth: { type: Number, required: true, min: 0 },
    author_id: { type: Schema.Types.ObjectId, default: null },
    author_username: { type: String, default: null },
    community_id: { type: Schema.Types.ObjectId, required: true },
    community_name: { type: String, required: true },
    community_nsfw: { type: Boolean, default: false },
    score: { type: Number, default: 0 },
    upvotes: { type: Number, default: 0 },
    downvotes: { type: Number, default: 0 },
    best: { type: Number, default: 0 },
    reply_count: { type: Number, default: 0 },
    is_deleted: { type: Boolean, default: false },
    // Not indexed: the residual test of a $text query (every word required).
    search_terms: { type: [String], default: undefined },
    post_removed: { type: Boolean },
    ...removalSchemaFields,
  },
  {
    collection: 'comments',
    versionKey: false,
    timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' },
  },
);

/**
 * Top-level comments of a post and the direct replies of a comment share these (by
 * container_id): one per sort key, _id breaking ties. `old` walks the created_at index
 * backwards; a page's replies nested level by level read them too (`container_id $in`, or one
 * comment's first replies sorted and limited). comment-indexes.test.ts checks every query shape.
 */
for (const key of ['best', 'score', 'created_at'] as const) {
  commentSchema.index({ container_id: 1, [key]: -1, _id: -1 });
}
// A page whose threads are small reads all their replies at once (threadRepliesFilter): the
// replies' range of each thread, without its top-level comment, on index keys alone.
commentSchema.index({ root_id: 1, depth: 1 });
// The post/community delete cascade.
commentSchema.index({ post_id: 1 });
// Profile lists, newest first; visitors' add community_nsfw=false. `removed` (EXTENSIONS §M4)
// leads: false for most readers, both values for moderators; the start-up backfill's
// `removed: null` uses it too.
export const COMMENT_AUTHOR_INDEXES: Record<string, 1 | -1>[] = [
  { removed: 1, author_id: 1, created_at: -1, _id: -1 },
  { removed: 1, author_id: 1, community_nsfw: 1, created_at: -1, _id: -1 },
];
for (const fields of COMMENT_AUTHOR_INDEXES) commentSchema.index(fields);
// Search (EXTENSIONS §S): the one text index a collection may have.
commentSchema.index({ content: 'text' }, { name: 'search_text', default_language: 'english' });

export const defineCommentModel = (conn: Connection): CommentModel =>
  (conn.models.Comment as CommentModel | undefined) ??
  conn.model<CommentDoc>('Comment', commentSchema);
