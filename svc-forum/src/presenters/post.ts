import { REMOVED_TEXT, type Post } from '@forum/contracts';
import type { PostDoc } from '../models/post.js';
import type { CallerState } from '../use-cases/shared/load-caller-state.js';
import { seesRemoved, type Viewer } from '../policies/moderation-policy.js';
import { reactionCounts, totalReactions } from './reactions.js';
import { removal } from './removal.js';

/**
 * Lean post document -> the Post of the contract (spec §3 names plus the caller's state). A
 * removed post (EXTENSIONS §M4) reads in full, with why, only to its author, its community's
 * moderators and the admin (`viewer`); to everyone else as '[removed]' without body or image.
 */
export function presentPost(doc: PostDoc, state?: CallerState, viewer?: Viewer): Post {
  const id = doc._id.toHexString();
  const reactions = reactionCounts(doc.reactions);
  const removed = doc.removed ?? false;
  const whole = !removed || (viewer !== undefined && seesRemoved(viewer, doc));
  return {
    id,
    title: whole ? doc.title : REMOVED_TEXT,
    content: whole ? (doc.content ?? '') : '',
    type: doc.type,
    image_url: whole ? (doc.image_url ?? null) : null,
    thumbnail_url: whole ? (doc.thumbnail_url ?? null) : null,
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
    removed,
    locked: doc.locked ?? false,
    pinned: doc.pinned ?? false,
    ...(removed && whole ? removal(doc) : {}),
  };
}
