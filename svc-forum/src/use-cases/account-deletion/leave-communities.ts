import type { ForumDeps } from '../../deps.js';
import { byUser } from '../../domain/account-queries.js';
import { dropMembership } from '../shared/drop-membership.js';
import type { DeletedUser } from './deleted-user.js';

const MEMBERSHIPS_PER_ROUND = 200;

/**
 * Every membership goes as by leave-community (its transaction moves member_count once, only
 * when the delete happened), after the seats (an owner may not leave). Each round reads what is
 * left of the user's memberships (the unique (user_id, community_id) index).
 */
export async function leaveCommunities(
  deps: Pick<ForumDeps, 'models' | 'conn'>,
  user: DeletedUser,
): Promise<number> {
  let left = 0;
  for (;;) {
    const rows = await deps.models.Membership.find(byUser(user._id), { community_id: 1 })
      .limit(MEMBERSHIPS_PER_ROUND)
      .lean();
    if (rows.length === 0) return left;
    for (const { community_id } of rows) {
      if ((await dropMembership(deps, user._id, community_id)) !== null) left += 1;
    }
  }
}
