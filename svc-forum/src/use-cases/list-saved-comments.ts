import type { CommentPageQuery } from '@forum/contracts';
import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import type { CommentDoc } from '../models/comment.js';
import { isVisible } from '../domain/hidden-filter.js';
import { completeCommentPage, type CommentPage } from './shared/comment-page.js';
import { loadHidden } from './shared/hidden.js';
import { loadViewer } from './shared/load-viewer.js';
import { moderatesCommunity } from '../policies/moderation-policy.js';

/** GET /comments/saved/my: newest save first (index user_id, created_at, _id). */
export async function listSavedComments(
  models: ForumModels,
  user: AuthUser,
  { limit, offset }: CommentPageQuery,
): Promise<CommentPage> {
  const filter = { user_id: toObjectId(user.id) };
  const [saves, total] = await Promise.all([
    models.CommentSave.find(filter, { comment_id: 1, created_at: 1 })
      .sort({ created_at: -1, _id: -1 })
      .skip(offset)
      .limit(limit)
      .lean(),
    models.CommentSave.countDocuments(filter),
  ]);
  const ids = saves.map((s) => s.comment_id);
  const [docs, hidden, viewer] = await Promise.all([
    models.Comment.find({ _id: { $in: ids } }).lean<CommentDoc[]>(),
    loadHidden(models),
    loadViewer(models, user),
  ]);
  const byId = new Map(docs.map((c) => [c._id.toHexString(), c]));
  // Deleting a comment drops its saves; one deleted meanwhile (or under a post or community
  // being deleted) is skipped, as is a removed one for all but its moderators and the admin.
  const comments = ids
    .map((id) => byId.get(id.toHexString()))
    .filter(
      (c): c is CommentDoc =>
        c !== undefined &&
        !c.is_deleted &&
        isVisible(c, hidden) &&
        (!c.removed || moderatesCommunity(viewer, c.community_id)),
    );
  const page = await completeCommentPage(models, user, viewer, comments, {
    total,
    offset,
    listed: saves.length,
  });
  page.savedAt = new Map(saves.map((s) => [s.comment_id.toHexString(), s.created_at]));
  return page;
}
