import type { ForumExport } from '@forum/contracts';
import type { ForumAccountData } from '../use-cases/export-account-data.js';

const iso = (d: Date) => d.toISOString();
const hex = (id: { toHexString(): string }) => id.toHexString();

/**
 * The caller's records -> ForumExport. A report document holds every reporter of the item: only
 * the caller's own entry is shown (never another reporter's name or reason).
 */
export function presentForumExport(data: ForumAccountData): ForumExport {
  return {
    posts: data.posts.map((p) => ({
      id: hex(p._id),
      community_name: p.community_name,
      title: p.title,
      type: p.type,
      content: p.content ?? '',
      image_url: p.image_url ?? null,
      removed: p.removed ?? false,
      created_at: iso(p.created_at),
      updated_at: iso(p.updated_at ?? p.created_at),
    })),
    comments: data.comments.map((c) => ({
      id: hex(c._id),
      post_id: hex(c.post_id),
      parent_id: c.parent_id ? hex(c.parent_id) : null,
      community_name: c.community_name,
      content: c.content,
      is_deleted: c.is_deleted ?? false,
      removed: c.removed ?? false,
      created_at: iso(c.created_at),
      updated_at: iso(c.updated_at ?? c.created_at),
    })),
    post_votes: data.postVotes.map((v) => ({
      post_id: hex(v.post_id),
      vote_type: v.vote_type,
      created_at: iso(v.created_at),
    })),
    comment_votes: data.commentVotes.map((v) => ({
      comment_id: hex(v.comment_id),
      post_id: hex(v.post_id),
      vote_type: v.vote_type,
      created_at: iso(v.created_at),
    })),
    reactions: data.reactions.map((r) => ({
      post_id: hex(r.post_id),
      reaction_type: r.reaction_type,
      created_at: iso(r.created_at),
    })),
    saved_posts: data.savedPosts.map((s) => ({
      post_id: hex(s.post_id),
      saved_at: iso(s.created_at),
    })),
    saved_comments: data.savedComments.map((s) => ({
      comment_id: hex(s.comment_id),
      post_id: hex(s.post_id),
      saved_at: iso(s.created_at),
    })),
    memberships: data.memberships.map((m) => ({
      community_id: hex(m.community_id),
      community_name: data.communityNames.get(hex(m.community_id)) ?? '',
      is_moderator: m.is_moderator ?? false,
      joined_at: iso(m.joined_at),
    })),
    subscriptions: data.subscriptions.map((s) => ({
      post_id: hex(s.post_id),
      subscribed_at: iso(s.created_at),
    })),
    reports: data.reports.flatMap((r) =>
      r.reports
        .filter((entry) => hex(entry.reporter_id) === data.userId)
        .map((entry) => ({
          target_type: r.target_type,
          target_id: hex(r.target_id),
          community_name: r.community_name ?? null,
          reason: entry.reason,
          status: r.status,
          created_at: iso(entry.created_at),
        })),
    ),
  };
}
