/**
 * The search bench's data, written straight into svc-forum's database before the services start
 * (as the scale bench does: through the API this would take most of an hour): one community,
 * posts and comments whose texts come from corpus.ts, each with the search_terms svc-forum's
 * writes give it, and the models' indexes (the text indexes too) built first.
 */
import mongoose, { type Connection } from 'mongoose';
import { createForumModels } from '../../../svc-forum/src/models/index.js';
import { commentSearchTerms, postSearchTerms } from '../../../svc-forum/src/domain/search-terms.js';
import {
  DEFAULT_AUTHORS,
  makeAuthors,
  makeComment,
  makePost,
  makeWorld,
  seededRandom,
  type SeedPlan,
} from '../scale/seed-docs.js';
import { insertAll, type AnyModel } from '../scale/seed-db.js';
import { makeCorpus } from './corpus.js';

export interface SearchSeedSize {
  posts: number;
  /** Spread evenly over the posts, top-level. */
  comments: number;
}

export interface SeededSearch {
  communityName: string;
}

export async function seedSearch(
  url: string,
  dbName: string,
  size: SearchSeedSize,
  now = new Date(),
): Promise<SeededSearch> {
  const conn: Connection = mongoose.createConnection(url, { dbName, autoIndex: false });
  await conn.asPromise();
  try {
    const models = createForumModels(conn);
    const seeded = [models.Community, models.Membership, models.Moderator, models.Post];
    await Promise.all([...seeded, models.Comment].map((m) => m.createIndexes()));
    const plan: SeedPlan = {
      posts: size.posts,
      comments: 0,
      now,
      spanDays: 365,
      authors: DEFAULT_AUTHORS,
      seed: 7,
    };
    const random = seededRandom(plan.seed);
    const corpus = makeCorpus(random);
    const authors = makeAuthors(plan);
    const world = makeWorld(plan, authors[0]!, 'search_bench');
    const asAny = (m: unknown) => m as AnyModel;
    await insertAll(asAny(models.Community), [world.community]);
    await insertAll(asAny(models.Membership), [world.membership]);
    await insertAll(asAny(models.Moderator), [world.moderator]);

    const perPost = Math.ceil(size.comments / Math.max(1, size.posts));
    const posts: { _id: mongoose.Types.ObjectId; created_at: Date }[] = [];
    await insertAll(
      asAny(models.Post),
      (function* () {
        for (let i = 0; i < plan.posts; i++) {
          const title = corpus.sentence(5 + Math.floor(random() * 6));
          const content = corpus.sentence(30 + Math.floor(random() * 50));
          const post = Object.assign(makePost(plan, world, authors, i, random), {
            title,
            content,
            comment_count: Math.max(0, Math.min(perPost, size.comments - i * perPost)),
            search_terms: postSearchTerms({ title, content }),
          });
          posts.push(post);
          yield post;
        }
      })(),
    );
    await insertAll(
      asAny(models.Comment),
      (function* () {
        for (let serial = 0; serial < size.comments; serial++) {
          const post = posts[Math.floor(serial / perPost)]!;
          const content = corpus.sentence(8 + Math.floor(random() * 30));
          const comment = makeComment(world, authors, random, {
            post,
            depth: 0,
            serial,
            createdAt: new Date(post.created_at.getTime() + (1 + (serial % perPost)) * 60_000),
            content,
          });
          comment.search_terms = commentSearchTerms({ content });
          yield comment;
        }
      })(),
    );
    return { communityName: world.community.name };
  } finally {
    await conn.close();
  }
}
