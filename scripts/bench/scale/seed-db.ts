/**
 * Writes the scale bench's documents (seed-docs.ts) straight into svc-forum's database, before
 * the services start: through the API, 100,000 posts would take most of an hour. The documents
 * are whole (seed-docs.ts), checked against svc-forum's own models and inserted in batches; the
 * models' indexes are built first, as on a database that grew with the product.
 */
import { isDeepStrictEqual } from 'node:util';
import mongoose, { type Connection } from 'mongoose';
import { createForumModels, type ForumModels } from '../../../svc-forum/src/models/index.js';
import {
  DEFAULT_AUTHORS,
  DEFAULT_SPAN_DAYS,
  THREAD_POST_INDEX,
  makeAuthors,
  makePost,
  makeThread,
  makeWorld,
  seededRandom,
  type SeedPlan,
} from './seed-docs.js';

const BATCH = 1000;

export interface SeededScale {
  communityId: string;
  communityName: string;
  /** The post with the comment thread. */
  threadPostId: string;
  posts: number;
  comments: number;
}

export type AnyModel = mongoose.Model<unknown>;

/**
 * Why `model` would store `doc` differently (a failed validation, or the keys whose cast value
 * differs: a default the generator missed); undefined when it would store it as is.
 */
export async function storedShapeProblem(
  model: AnyModel,
  doc: Record<string, unknown>,
): Promise<string | undefined> {
  const cast = new model(doc);
  try {
    await cast.validate();
  } catch (error) {
    return `${model.modelName}: ${(error as Error).message}`;
  }
  const stored = cast.toObject({ depopulate: true, virtuals: false, getters: false }) as Record<
    string,
    unknown
  >;
  const keys = new Set([...Object.keys(stored), ...Object.keys(doc)]);
  const differ = [...keys].filter((k) => !isDeepStrictEqual(stored[k], doc[k]));
  return differ.length
    ? `${model.modelName} would store ${differ.map((k) => `${k}=${JSON.stringify(stored[k])}`).join(', ')}`
    : undefined;
}

/** Inserts in batches; the first document is checked against the model (see seed-docs.ts). */
export async function insertAll(model: AnyModel, docs: Iterable<Record<string, unknown>>) {
  let batch: Record<string, unknown>[] = [];
  const flush = async () => {
    if (batch.length) await model.collection.insertMany(batch, { ordered: false });
    batch = [];
  };
  let first = true;
  for (const doc of docs) {
    if (first) {
      const problem = await storedShapeProblem(model, doc);
      if (problem) throw new Error(`seed document out of date with the model: ${problem}`);
      first = false;
    }
    batch.push(doc);
    if (batch.length === BATCH) await flush();
  }
  await flush();
}

export async function seedScale(
  url: string,
  dbName: string,
  size: { posts: number; comments: number },
  now = new Date(),
): Promise<SeededScale> {
  const conn: Connection = mongoose.createConnection(url, { dbName, autoIndex: false });
  await conn.asPromise();
  try {
    const models: ForumModels = createForumModels(conn);
    const seeded = [models.Community, models.Membership, models.Moderator, models.Post];
    await Promise.all([...seeded, models.Comment].map((m) => m.createIndexes()));

    const plan: SeedPlan = {
      ...size,
      now,
      spanDays: DEFAULT_SPAN_DAYS,
      authors: DEFAULT_AUTHORS,
      seed: size.posts,
    };
    const random = seededRandom(plan.seed);
    const authors = makeAuthors(plan);
    const world = makeWorld(plan, authors[0]!, `scale_${size.posts}`);
    const asAny = (m: unknown) => m as AnyModel;
    await insertAll(asAny(models.Community), [world.community]);
    await insertAll(asAny(models.Membership), [world.membership]);
    await insertAll(asAny(models.Moderator), [world.moderator]);

    let thread: ReturnType<typeof makePost> | undefined;
    const posts = function* () {
      for (let i = 0; i < plan.posts; i++) {
        const post = makePost(plan, world, authors, i, random);
        if (i === THREAD_POST_INDEX) thread = post;
        yield post;
      }
    };
    await insertAll(asAny(models.Post), posts());
    await insertAll(asAny(models.Comment), makeThread(plan, world, authors, thread!, random));
    return {
      communityId: world.community._id.toHexString(),
      communityName: world.community.name,
      threadPostId: thread!._id.toHexString(),
      posts: plan.posts,
      comments: plan.comments,
    };
  } finally {
    await conn.close();
  }
}
