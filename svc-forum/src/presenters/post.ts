import type { Post } from '@forum/contracts';
import type { PostDoc } from '../models/post.js';
import type { CallerState } from '../use-cases/shared/load-caller-state.js';
import { reactionCounts, totalReactions } from './reactions.js';

/** Lean post document -> the Post of the contract (spec §3 names plus the caller's state). */
export function presentPost(doc: PostDoc, state?: CallerState): Post {
  const id = doc._id.toHexString();
  const reactions = reactionCounts(doc.reactions);
  return {
    id,
    title: doc.title,
    content: doc.content ?? '',
    type: doc.type,
    image_url: doc.image_url ?? null,
    thumbnail_url: doc.thumbnail_url ?? null,
    community_id: doc.community_id.toHexString(),
    community_name: doc.community_name,
    community_nsfw: doc.community_nsfw ?? false,
    author_id: doc.author_id.toHexString(),
    author_username: doc.author_username,
    created_at: doc.created_at.toISOString(),
    score: doc.score ?? 0,
    upvotes: Math.max(doc.upvotes ?? 0, 0),
    downvotes: Math.max(doc.downvotes ?? 0, 0),
    comment_count: Math.max(doc.comment_count ?? 0, 0),
    reactions,
    total_reactions: totalReactions(reactions),
    user_vote: state?.votes.get(id) ?? null,
    is_saved: state?.saves.has(id) ?? false,
    user_reaction: state?.reactions.get(id) ?? null,
  };
}
