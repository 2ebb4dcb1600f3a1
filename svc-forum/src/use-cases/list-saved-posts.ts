import type { ListSavedPostsQuery } from '@forum/contracts';
import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import type { PostDoc } from '../models/post.js';
import { isVisible } from '../domain/hidden-filter.js';
import { loadListCallerState } from './shared/load-caller-state.js';
import { loadHidden } from './shared/hidden.js';
import { loadBlockedAuthors } from './shared/load-blocks.js';
import type { PostPage } from './shared/find-post-page.js';
import { loadViewer } from './shared/load-viewer.js';
import { moderatesCommunity } from '../policies/moderation-policy.js';

/**
 * Newest save first (index user_id, created_at, _id); a save of a deleted post, or of one being
 * deleted, is skipped, as is a removed post for all but its moderators and the admin (§M4), and
 * one by an author the caller blocked (§B1). The total counts the saves (a post_saves range):
 * which of them are skipped is known only for the page read.
 */
export async function listSavedPosts(
  models: ForumModels,
  user: AuthUser,
  { limit, offset }: ListSavedPostsQuery,
): Promise<PostPage> {
  const filter = { user_id: toObjectId(user.id) };
  const [saves, total] = await Promise.all([
    models.PostSave.find(filter, { post_id: 1, created_at: 1 })
      .sort({ created_at: -1, _id: -1 })
      .skip(offset)
      .limit(limit)
      .lean(),
    models.PostSave.countDocuments(filter),
  ]);
  const ids = saves.map((s) => s.post_id);
  const [docs, hidden, viewer, blocked] = await Promise.all([
    models.Post.find({ _id: { $in: ids } }).lean<PostDoc[]>(),
    loadHidden(models),
    loadViewer(models, user),
    loadBlockedAuthors(models, user),
  ]);
  const blockedIds = new Set(blocked.map((id) => id.toHexString()));
  const byId = new Map(docs.map((p) => [p._id.toHexString(), p]));
  const posts = ids
    .map((id) => byId.get(id.toHexString()))
    .filter(
      (p): p is PostDoc =>
        p !== undefined &&
        isVisible(p, hidden) &&
        !blockedIds.has(String(p.author_id)) &&
        (!p.removed || moderatesCommunity(viewer, p.community_id)),
    );
  const savedAt = new Map(saves.map((s) => [s.post_id.toHexString(), s.created_at]));
  const state = await loadListCallerState(models, user, posts);
  return { posts, total, hasMore: offset + saves.length < total, state, savedAt, viewer };
}
