import { ElectionTexts as E, type CreateElectionBody } from '@forum/contracts';
import { badRequest, conflict, isDuplicateKeyError, type AuthUser } from '@forum/service-kit';
import { Types } from 'mongoose';
import { activeBan } from '../models/ban.js';
import type { ElectionDoc } from '../models/election.js';
import { assertCanModerate } from '../policies/moderation-policy.js';
import type { ForumDeps } from '../deps.js';
import { findCommunity } from './shared/find-community.js';
import { loadCommunityRole } from './shared/community-role.js';
import { logCommunity, runModeration } from './shared/run-moderation.js';

const SECOND_MS = 1000;

/**
 * POST /communities/{id}/elections (moderators, the owner, the admin): nominations open now.
 * The electorate is fixed here: members who joined by now and are not banned (its size is
 * recorded; each ballot checks the member's join time against `started_at`). The election and
 * its `election_started` log entry commit together; a second open election is a 409.
 */
export async function startElection(
  deps: ForumDeps,
  user: AuthUser,
  communityId: string,
  body: CreateElectionBody,
): Promise<ElectionDoc> {
  const { models, elections } = deps;
  const community = await findCommunity(models, communityId);
  assertCanModerate(await loadCommunityRole(models, community._id, user));
  const min = elections.minPhaseSeconds;
  if (body.nomination_seconds < min || body.voting_seconds < min) {
    throw badRequest(`A phase lasts at least ${min} seconds`);
  }
  if (await models.Election.exists({ community_id: community._id, status: 'open' })) {
    throw conflict(E.openExists);
  }
  try {
    return await runModeration(deps, user, async ({ session, record }) => {
      const now = new Date();
      const byCommunity = { community_id: community._id };
      // One after the other: operations of one transaction's session must not run in parallel.
      const members = await models.Membership.countDocuments({
        ...byCommunity,
        joined_at: { $lte: now },
      });
      const banned = await models.Ban.find(
        { ...byCommunity, ...activeBan(now) },
        { user_id: 1 },
      ).lean();
      const bannedMembers = banned.length
        ? await models.Membership.countDocuments({
            ...byCommunity,
            user_id: { $in: banned.map((b) => b.user_id) },
            joined_at: { $lte: now },
          })
        : 0;
      const nominationsCloseAt = new Date(now.getTime() + body.nomination_seconds * SECOND_MS);
      const [created] = await models.Election.create(
        [
          {
            _id: new Types.ObjectId(),
            community_id: community._id,
            community_name: community.name,
            community_nsfw: community.is_nsfw,
            seats: body.seats,
            term_days: body.term_days,
            started_at: now,
            started_by_id: new Types.ObjectId(user.id),
            started_by_username: user.username,
            nominations_close_at: nominationsCloseAt,
            voting_close_at: new Date(
              nominationsCloseAt.getTime() + body.voting_seconds * SECOND_MS,
            ),
            status: 'open',
            candidates: [],
            eligible_voters: members - bannedMembers,
            ballots_cast: 0,
            ballot_writes: 0,
            winners: null,
            closed_at: null,
          },
        ],
        { session },
      );
      const election = created!.toObject<ElectionDoc>();
      await record({
        community: logCommunity(community),
        action: 'election_started',
        target: { type: 'election', id: election._id },
        reason: `${body.seats} seat${body.seats === 1 ? '' : 's'}, terms of ${body.term_days} days`,
      });
      return election;
    });
  } catch (err) {
    // A concurrent start won the one-open-election index.
    if (isDuplicateKeyError(err)) throw conflict(E.openExists);
    throw err;
  }
}
