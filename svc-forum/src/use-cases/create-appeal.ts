import { ModerationTexts as T } from '@forum/contracts';
import {
  conflict,
  isDuplicateKeyError,
  notFound,
  toObjectId,
  type AuthUser,
} from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { ForumDeps } from '../deps.js';
import type { AppealDoc } from '../models/appeal.js';
import type { ModlogEntryDoc } from '../models/modlog-entry.js';
import { assertCanAppeal } from '../policies/appeal-policy.js';

/** The post a decision's notification opens: the post itself, a comment's post, none for a ban. */
async function postOf(
  { models }: Pick<ForumDeps, 'models'>,
  entry: ModlogEntryDoc,
): Promise<Types.ObjectId | null> {
  if (entry.action === 'remove_post') return entry.target_id;
  if (entry.action !== 'remove_comment' || !entry.target_id) return null;
  return (await models.Comment.findById(entry.target_id, { post_id: 1 }).lean())?.post_id ?? null;
}

/**
 * POST /appeals (EXTENSIONS §M6): the author of removed content or a banned user appeals the
 * decision once (the unique modlog_id makes a second, also a concurrent one, a 409). A ban does
 * not stand in the way: appealing it is what a banned user may still do.
 */
export async function createAppeal(
  deps: Pick<ForumDeps, 'models'>,
  user: AuthUser,
  { modlog_id, text }: { modlog_id: string; text: string },
): Promise<AppealDoc> {
  const { models } = deps;
  const entry = await models.ModlogEntry.findById(toObjectId(modlog_id)).lean<ModlogEntryDoc>();
  if (!entry) throw notFound(T.logEntryNotFound);
  assertCanAppeal(entry, user);
  // Removals and bans are always logged in a community (only site-wide entries have none).
  if (!entry.community_id || !entry.community_name) throw notFound(T.logEntryNotFound);
  try {
    const [appeal] = await models.Appeal.create([
      {
        modlog_id: entry._id,
        community_id: entry.community_id,
        community_name: entry.community_name,
        community_nsfw: entry.community_nsfw,
        action: entry.action,
        target_type: entry.target_type,
        target_id: entry.target_id,
        target_title: entry.target_title,
        target_username: entry.target_username,
        post_id: await postOf(deps, entry),
        appellant_id: entry.target_user_id,
        appellant_username: user.username,
        moderator_id: entry.moderator_id,
        moderator_username: entry.moderator_username,
        action_reason: entry.reason,
        text,
        status: 'open',
        outcome: null,
        decision_reason: null,
        decided_by_id: null,
        decided_by_username: null,
        decision_modlog_id: null,
        created_at: new Date(),
        decided_at: null,
      },
    ]);
    return appeal!.toObject();
  } catch (err) {
    if (isDuplicateKeyError(err)) throw conflict(T.alreadyAppealed);
    throw err;
  }
}
