/**
 * The documents of the scale bench (`npm run bench -- --scale`): one community, N posts in it and
 * a thread of comments on one post, whole as svc-forum's models store them (every default
 * written out, so they go in without a cast each; seed-docs.test.ts and the writer compare them
 * with the models' own cast). Pure and deterministic for one seed.
 */
import { Types } from 'mongoose';
import { REACTION_TYPES } from '@forum/contracts';
import { hotScore } from '../../../svc-forum/src/domain/hot-score.js';
import { wilsonLowerBound } from '../../../svc-forum/src/domain/wilson.js';
import {
  commentSearchTerms,
  communitySearchTerms,
  postSearchTerms,
} from '../../../svc-forum/src/domain/search-terms.js';

/** mulberry32: a small seeded generator, so a size gets the same data on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * An ObjectId whose timestamp is `at` (as the driver would have made it then) and whose other
 * bytes are `kind` and `serial`: distinct per document, and _id order follows creation order.
 */
export function objectIdAt(at: Date, kind: number, serial: number): Types.ObjectId {
  const seconds = Math.floor(at.getTime() / 1000);
  const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
  return new Types.ObjectId(`${hex(seconds, 8)}${hex(kind, 4)}${hex(serial, 12)}`);
}

const KIND = { user: 1, community: 2, post: 3, comment: 4, membership: 5, moderator: 6 };

export interface Author {
  _id: Types.ObjectId;
  username: string;
}

export interface ScaleWorld {
  owner: Author;
  community: Record<string, unknown> & { _id: Types.ObjectId; name: string };
  membership: Record<string, unknown>;
  moderator: Record<string, unknown>;
}

export interface SeedPlan {
  posts: number;
  comments: number;
  /** "Now": the newest post is a few minutes older. */
  now: Date;
  /** Posts are spread over this many days before `now`. */
  spanDays: number;
  /** How many distinct authors write the posts and comments. */
  authors: number;
  seed: number;
}

/** The moderation fields of a post or comment nobody moderated (the models' defaults). */
const NOT_MODERATED = { removed: false, removal_reason: null, removal_modlog_id: null };

export const DEFAULT_SPAN_DAYS = 730;
export const DEFAULT_AUTHORS = 200;

export function makeAuthors(plan: Pick<SeedPlan, 'authors' | 'now'>): Author[] {
  const born = new Date(plan.now.getTime() - 800 * 86_400_000);
  return Array.from({ length: plan.authors }, (_, i) => ({
    _id: objectIdAt(born, KIND.user, i),
    username: `scaleauthor${i}`,
  }));
}

/** The community with its owner's membership and seat, as createCommunity writes them. */
export function makeWorld(plan: SeedPlan, owner: Author, name: string): ScaleWorld {
  const createdAt = new Date(plan.now.getTime() - (plan.spanDays + 1) * 86_400_000);
  const description = `A community with ${plan.posts} posts for the scale bench.`;
  const community = {
    _id: objectIdAt(createdAt, KIND.community, 0),
    name,
    name_lower: name.toLowerCase(),
    description,
    rules: 'Be kind to each other.',
    is_nsfw: false,
    logo_url: null,
    member_count: 1,
    post_count: plan.posts,
    pinned_post_ids: [],
    created_by: owner._id,
    creator_username: owner.username,
    // Written with the texts, as every write does: a start-up never backfills seeded data.
    search_terms: communitySearchTerms({ name, description }),
    created_at: createdAt,
    updated_at: createdAt,
  };
  const membership = {
    _id: objectIdAt(createdAt, KIND.membership, 0),
    community_id: community._id,
    user_id: owner._id,
    username: owner.username,
    is_moderator: true,
    joined_at: createdAt,
  };
  const moderator = {
    _id: objectIdAt(createdAt, KIND.moderator, 0),
    community_id: community._id,
    user_id: owner._id,
    username: owner.username,
    role: 'owner',
    source: 'creator',
    since: createdAt,
    term_ends_at: null,
  };
  return { owner, community, membership, moderator };
}

/** Votes with a long tail: most posts get a few, some get thousands; one in eight is disliked. */
export function votes(random: () => number, max: number): { upvotes: number; downvotes: number } {
  const many = Math.floor(Math.exp(random() * Math.log(max + 1))) - 1;
  const share = random() * 0.3;
  if (random() < 0.125) {
    return { upvotes: Math.floor(many * share), downvotes: many };
  }
  return { upvotes: many, downvotes: Math.floor(many * share) };
}

/** The post that gets the comment thread: the newest one (the top of "new" and near "hot"). */
export const THREAD_POST_INDEX = 0;

/**
 * Post `i` (0 = newest): spread evenly over the span with jitter, so "new", "hot" and "top" each
 * give a different order. The thread post counts the thread's comments.
 */
export function makePost(
  plan: SeedPlan,
  world: ScaleWorld,
  authors: Author[],
  i: number,
  random: () => number,
): Record<string, unknown> & { _id: Types.ObjectId; created_at: Date } {
  const spanMs = plan.spanDays * 86_400_000;
  const age = 5 * 60_000 + ((i + random()) / plan.posts) * spanMs;
  const createdAt = new Date(plan.now.getTime() - age);
  const { upvotes, downvotes } = votes(random, 5000);
  const score = upvotes - downvotes;
  const author = authors[Math.floor(random() * authors.length)]!;
  const commentCount =
    i === THREAD_POST_INDEX ? plan.comments : Math.floor(Math.exp(random() * Math.log(60))) - 1;
  const title = `Scale post ${i + 1}: ${TOPICS[i % TOPICS.length]}`;
  const content = `Post ${i + 1} of ${plan.posts}. ${LOREM}`;
  return {
    _id: objectIdAt(createdAt, KIND.post, i),
    title,
    content,
    search_terms: postSearchTerms({ title, content }),
    type: 'text',
    image_url: null,
    thumbnail_url: null,
    community_id: world.community._id,
    community_name: world.community.name,
    community_nsfw: false,
    author_id: author._id,
    author_username: author.username,
    score,
    upvotes,
    downvotes,
    comment_count: commentCount,
    reactions: Object.fromEntries(REACTION_TYPES.map((kind) => [kind, 0])),
    hot: hotScore(score, createdAt),
    ...NOT_MODERATED,
    locked: false,
    pinned: false,
    pinned_at: null,
    created_at: createdAt,
    updated_at: createdAt,
    // What mongoose's save adds (the post schema keeps a version key).
    __v: 0,
  };
}

/**
 * Share of the thread at each depth (0 = top-level): half the comments answer the post, and each
 * wave of replies answers part of the wave before (every other top-level comment gets a reply).
 * With the same shares at every size, each size's first page (the 50 best top-level comments and
 * their replies) carries about as many comments as the 100-comment thread holds in all, so the
 * comment row compares one page's cost over threads of 100 to 10,000 comments. The 1,000-comment
 * scenario's shares (0.3, 0.3, 0.25, 0.15: every top-level comment answered) made the 100-comment
 * thread fill 30 of a page's 50 places and the larger threads' pages carry 161-170 comments, so
 * that row measured a page of 1.7 times the comments, not a thread of 100 times the size.
 */
export const THREAD_WAVES = [0.5, 0.25, 0.15, 0.1];

/** How many comments of a thread of `total` sit at each depth (they add up to `total`). */
export function waveSizes(total: number): number[] {
  const sizes = THREAD_WAVES.map((share) => Math.floor(total * share));
  sizes[0]! += total - sizes.reduce((a, b) => a + b, 0);
  return sizes;
}

export type SeedComment = Record<string, unknown> & {
  _id: Types.ObjectId;
  reply_count: number;
  root_id: Types.ObjectId;
};

/** One comment on `post` (a reply to `parent` when given), whole as svc-forum stores it. */
export function makeComment(
  world: ScaleWorld,
  authors: Author[],
  random: () => number,
  at: {
    post: { _id: Types.ObjectId };
    parent?: SeedComment | undefined;
    depth: number;
    /** Distinct per comment of the run (part of its _id). */
    serial: number;
    createdAt: Date;
    content: string;
  },
): SeedComment {
  const { upvotes, downvotes } = votes(random, 500);
  const author = authors[Math.floor(random() * authors.length)]!;
  const id = objectIdAt(at.createdAt, KIND.comment, at.serial);
  return {
    _id: id,
    content: at.content,
    search_terms: commentSearchTerms({ content: at.content }),
    post_id: at.post._id,
    parent_id: at.parent?._id ?? null,
    container_id: at.parent?._id ?? at.post._id,
    root_id: at.parent?.root_id ?? id,
    depth: at.depth,
    author_id: author._id,
    author_username: author.username,
    community_id: world.community._id,
    community_name: world.community.name,
    community_nsfw: false,
    score: upvotes - downvotes,
    upvotes,
    downvotes,
    best: wilsonLowerBound(upvotes, downvotes),
    reply_count: 0,
    is_deleted: false,
    ...NOT_MODERATED,
    created_at: at.createdAt,
    updated_at: at.createdAt,
  };
}

/**
 * The thread on `post`: top-level comments, then waves of replies, each replying round-robin to
 * the previous wave (so every thread of a page has a few descendants, whatever the size).
 * reply_count matches the replies made; `best` is the Wilson bound of the votes.
 */
export function makeThread(
  plan: SeedPlan,
  world: ScaleWorld,
  authors: Author[],
  post: { _id: Types.ObjectId; created_at: Date },
  random: () => number,
): Record<string, unknown>[] {
  const all: SeedComment[] = [];
  let parents: typeof all = [];
  const stepMs = Math.max(1, Math.floor((4 * 60_000) / Math.max(1, plan.comments)));
  for (const [depth, size] of waveSizes(plan.comments).entries()) {
    const wave: typeof all = [];
    for (let i = 0; i < size; i++) {
      const parent = parents.length ? parents[i % parents.length] : undefined;
      const createdAt = new Date(post.created_at.getTime() + (all.length + 1) * stepMs);
      const comment = makeComment(world, authors, random, {
        post,
        parent,
        depth,
        serial: all.length,
        createdAt,
        content: `Scale comment ${all.length + 1} with a little text to make it realistic.`,
      });
      if (parent) parent.reply_count++;
      wave.push(comment);
      all.push(comment);
    }
    parents = wave;
  }
  return all;
}

const TOPICS = [
  'what I learned moving a database',
  'a question about indexes',
  'show and tell: my weekend project',
  'the best keyboard for long sessions',
  'how do you plan a release?',
  'notes from the meetup',
  'a small benchmark and what it means',
  'reading list for the winter',
];

const LOREM =
  'Some text so the document has the size of a real post: a paragraph or two about the topic, ' +
  'a question at the end, and a link someone will follow. Lists read the title and the counts.';
