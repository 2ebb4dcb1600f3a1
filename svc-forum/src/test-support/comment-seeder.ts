import { Types } from 'mongoose';
import { wilsonLowerBound } from '../domain/wilson.js';
import type { Harness, TestUser } from './harness.js';

export type Seeded = { _id: Types.ObjectId; root_id: Types.ObjectId; depth: number };

/** Inserts comments as create-comment stores them (reply_count counted), votes at random. */
export async function commentSeeder(h: Harness, owner: TestUser, post: string) {
  const p = (await h.models.Post.findById(post).lean())!;
  const docs: (Record<string, unknown> & Seeded & { reply_count: number })[] = [];
  const base = Date.now() - 1_000_000;
  const add = (parent: (typeof docs)[number] | null) => {
    const _id = new Types.ObjectId();
    const up = Math.floor(Math.random() * 30);
    const down = Math.floor(Math.random() * 6);
    const at = new Date(base + docs.length * 1000);
    const doc = {
      _id,
      content: `comment ${docs.length}`,
      post_id: p._id,
      parent_id: parent?._id ?? null,
      container_id: parent?._id ?? p._id,
      root_id: parent?.root_id ?? _id,
      depth: parent ? parent.depth + 1 : 0,
      author_id: new Types.ObjectId(owner.id),
      author_username: owner.username,
      community_id: p.community_id,
      community_name: p.community_name,
      community_nsfw: false,
      upvotes: up,
      downvotes: down,
      score: up - down,
      best: wilsonLowerBound(up, down),
      reply_count: 0,
      is_deleted: false,
      created_at: at,
      updated_at: at,
    };
    if (parent) parent.reply_count++;
    docs.push(doc);
    return doc;
  };
  const save = async () => {
    await h.models.Comment.collection.insertMany(docs as never[]);
    const tops = docs.filter((d) => d.depth === 0).length;
    await h.models.Post.updateOne(
      { _id: p._id },
      { $set: { comment_count: docs.length, top_comment_count: tops } },
    );
  };
  return { add, save, docs };
}
