import { inTransaction } from '@forum/service-kit';
import type { AnyBulkWriteOperation, Model, Types } from 'mongoose';
import type { ForumDeps } from '../deps.js';
import type { ForumModels } from '../models/index.js';
import {
  commentSearchTerms,
  communitySearchTerms,
  postSearchTerms,
} from '../domain/search-terms.js';

/** The backfill's name in BackfillRun; bump the version to fill documents written without. */
export const SEARCH_TERMS = 'search_terms';
export const SEARCH_TERMS_VERSION = 1;

const BATCH = 500;

type Doc = { _id: Types.ObjectId } & Record<string, unknown>;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** One searchable collection: the texts its terms come from, and how. */
interface Searchable {
  model: Model<never>;
  texts: string[];
  terms: (doc: Doc) => string[];
}

/**
 * Start-up, idempotent: on a database this version has not filled (made before search), every
 * post, comment and community without `search_terms` gets them, in batches by _id. Each write
 * is guarded by the texts it was computed from and the field's absence, so an edit made
 * meanwhile (which writes its own terms) is never overwritten. Then the comments of removed posts
 * are marked post_removed. Nothing to do on later start-ups: one read. Answers how many
 * documents were written (null: none needed).
 */
export async function backfillSearchTerms({
  models,
  conn,
}: Pick<ForumDeps, 'models' | 'conn'>): Promise<number | null> {
  const done = await models.BackfillRun.exists({
    _id: SEARCH_TERMS,
    version: SEARCH_TERMS_VERSION,
  });
  if (done) return null;
  const collections: Searchable[] = [
    {
      model: models.Post as never,
      texts: ['title', 'content'],
      terms: (d) => postSearchTerms({ title: text(d.title), content: text(d.content) }),
    },
    {
      model: models.Comment as never,
      texts: ['content', 'is_deleted'],
      // A deleted comment's placeholder text is not its words.
      terms: (d) => (d.is_deleted ? [] : commentSearchTerms({ content: text(d.content) })),
    },
    {
      model: models.Community as never,
      texts: ['name', 'description'],
      terms: (d) => communitySearchTerms({ name: text(d.name), description: text(d.description) }),
    },
  ];
  let filled = 0;
  for (const searchable of collections) filled += await fill(searchable);
  filled += await markCommentsOfRemovedPosts(models, conn);
  await models.BackfillRun.updateOne(
    { _id: SEARCH_TERMS },
    { $set: { version: SEARCH_TERMS_VERSION, finished_at: new Date() } },
    { upsert: true },
  );
  return filled;
}

async function fill({ model, texts, terms }: Searchable): Promise<number> {
  let filled = 0;
  let after: Types.ObjectId | null = null;
  for (;;) {
    const missing = { search_terms: { $exists: false } };
    const docs: Doc[] = await model
      .find(
        { ...(after ? { _id: { $gt: after } } : {}), ...missing } as never,
        Object.fromEntries(texts.map((t) => [t, 1])),
      )
      .sort({ _id: 1 })
      .limit(BATCH)
      .lean<Doc[]>();
    if (docs.length === 0) return filled;
    const writes = docs.map((doc): AnyBulkWriteOperation<Doc> => ({
      updateOne: {
        filter: { _id: doc._id, ...missing, ...Object.fromEntries(texts.map((t) => [t, doc[t]])) },
        update: { $set: { search_terms: terms(doc) } },
      },
    }));
    const result = await model.bulkWrite(writes as never, { ordered: false });
    filled += result.modifiedCount;
    after = docs[docs.length - 1]!._id;
  }
}

/**
 * The comments of the posts removed before post_removed existed, a batch of posts per
 * transaction that reads them again (still removed?) before marking: a restore meanwhile writes
 * the same comments, so the two conflict and one re-runs.
 */
async function markCommentsOfRemovedPosts(
  models: ForumModels,
  conn: ForumDeps['conn'],
): Promise<number> {
  let marked = 0;
  let batch: Types.ObjectId[] = [];
  const markBatch = async () => {
    const ids = batch;
    batch = [];
    marked += await inTransaction(conn, async () => {
      const still = await models.Post.find({ _id: { $in: ids }, removed: true }, { _id: 1 }).lean();
      if (still.length === 0) return 0;
      const result = await models.Comment.updateMany(
        { post_id: { $in: still.map((p) => p._id) }, post_removed: { $ne: true } },
        { $set: { post_removed: true } },
      );
      return result.modifiedCount;
    });
  };
  // The posts list index's `removed` keys.
  for await (const post of models.Post.find({ removed: true }, { _id: 1 }).lean().cursor()) {
    batch.push(post._id);
    if (batch.length === BATCH) await markBatch();
  }
  if (batch.length) await markBatch();
  return marked;
}
