import type { AuthUser } from '@forum/service-kit';
import { moderatePost, type ModeratedPost, type PostChange } from './shared/moderate-post.js';
import { closeReports } from './shared/close-reports.js';
import type { ForumDeps } from '../deps.js';
import { markCommentsOf } from './shared/mark-comments.js';

/**
 * The removal of a post (§M2): out of every list, redacted for most readers (§M4). Its open
 * reports close with it (the moderators acted on them), and its comments are marked
 * post_removed (search leaves them out), in the same transaction.
 */
export const postRemoval = (deps: ForumDeps, reason: string): PostChange => ({
  action: 'remove_post',
  reason,
  notify: true,
  removal: 1,
  from: { removed: { $ne: true } },
  to: (logId) => ({ removed: true, removal_reason: reason, removal_modlog_id: logId }),
  after: async (step, post) => {
    const item = { target_type: 'post', target_id: post._id } as const;
    await closeReports(deps, step, item, { action: 'remove', reason });
    await markCommentsOf(deps, post._id, true, step.session);
  },
});

/** POST /posts/{id}/remove. */
export const removePost = (
  deps: ForumDeps,
  user: AuthUser,
  id: string,
  reason: string,
): Promise<ModeratedPost> => moderatePost(deps, user, id, postRemoval(deps, reason));
