import type { Community } from '@forum/contracts';
import type { CommunityDoc } from '../models/community.js';

/** Lean community -> the Community of the contract (post_count only in the admin view). */
export function presentCommunity(doc: CommunityDoc): Community {
  return {
    id: doc._id.toHexString(),
    name: doc.name,
    description: doc.description,
    rules: doc.rules,
    is_nsfw: doc.is_nsfw ?? false,
    logo_url: doc.logo_url ?? null,
    member_count: Math.max(doc.member_count ?? 0, 0),
    created_by: doc.created_by.toHexString(),
    creator_username: doc.creator_username,
    created_at: doc.created_at.toISOString(),
  };
}

/** The admin view: the community with its post_count. */
export const presentAdminCommunity = (doc: CommunityDoc) => ({
  ...presentCommunity(doc),
  post_count: Math.max(doc.post_count ?? 0, 0),
});
