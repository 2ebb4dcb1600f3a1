import type { EventOf, Subjects } from '@forum/contracts';
import type { ForumDeps } from '../deps.js';
import { anonymiseAuthored } from './account-deletion/anonymise-authored.js';
import { deleteAuthoredComments } from './account-deletion/delete-authored-comments.js';
import { deleteAuthoredPosts } from './account-deletion/delete-authored-posts.js';
import { deletedUser } from './account-deletion/deleted-user.js';
import { forgetMarks } from './account-deletion/forget-marks.js';
import { leaveCommunities } from './account-deletion/leave-communities.js';
import { renameInRecords } from './account-deletion/rename-in-records.js';
import { vacateModeratorSeats } from './account-deletion/vacate-moderator-seats.js';

type UserDeleted = EventOf<typeof Subjects.UserDeleted>;

export interface AccountDeletionSummary {
  postsDeleted: number;
  commentsDeleted: number;
  postsAnonymised: number;
  commentsAnonymised: number;
  seats: number;
  handedOver: number;
  ownerless: number;
  memberships: number;
  blocks: number;
}

/**
 * identity.user.deleted (EXTENSIONS §B2): forum forgets the account. Each step works in small
 * batches or short transactions on the user's own indexes and reads only what is left, so the
 * whole is idempotent and resumable: a crash halfway and the redelivery finish the job, and no
 * step holds the database for long whatever the account's size.
 * 1. delete_content: posts, then the comments left, deleted as by the author's own DELETE;
 * 2. what remains shows author '[deleted]';
 * 3. moderator seats (an owner's community passes to its longest-serving moderator), then the
 *    memberships (member_count exact);
 * 4. saves, post subscriptions, blocks (votes and reactions stay: they carry only an id);
 * 5. the name in the log, the report queues, bans, candidacies, communities created.
 */
export async function applyAccountDeletion(
  deps: ForumDeps,
  event: UserDeleted,
): Promise<AccountDeletionSummary> {
  const user = deletedUser(event.user_id, event.username);
  let postsDeleted = 0;
  let commentsDeleted = 0;
  if (event.delete_content) {
    postsDeleted = await deleteAuthoredPosts(deps, user);
    commentsDeleted = await deleteAuthoredComments(deps, user);
  }
  const anonymised = await anonymiseAuthored(deps.models, user);
  const seats = await vacateModeratorSeats(deps, user);
  const memberships = await leaveCommunities(deps, user);
  const { blocks } = await forgetMarks(deps.models, user);
  await renameInRecords(deps.models, user);
  return {
    postsDeleted,
    commentsDeleted,
    postsAnonymised: anonymised.posts,
    commentsAnonymised: anonymised.comments,
    ...seats,
    memberships,
    blocks,
  };
}
