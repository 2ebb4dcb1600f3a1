import { ElectionTexts as E } from '@forum/contracts';
import {
  badRequest,
  forbidden,
  inTransaction,
  toObjectId,
  type AuthUser,
} from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { assertNotBannedFrom } from './shared/assert-not-banned.js';
import { ballotKey, findElection } from './shared/elections.js';

/**
 * PUT /elections/{id}/ballot: approve one or more candidates while voting is open; a later
 * ballot replaces the earlier. Only members from before the start vote (their membership's
 * join time is the proof; leaving and rejoining starts a new one). The secret ballot (keyed by
 * HMAC, choices only) and the participation row (who, no choices) are written in one
 * transaction that also bumps the election, so a ballot cannot slip in after the tally read.
 */
export async function castBallot(
  { models, conn, elections }: Pick<ForumDeps, 'models' | 'conn' | 'elections'>,
  user: AuthUser,
  electionId: string,
  approve: string[],
): Promise<string[]> {
  const election = await findElection(models, electionId);
  const now = new Date();
  const votingOpen = (at: Date) =>
    election.status === 'open' &&
    at >= election.nominations_close_at &&
    at < election.voting_close_at;
  if (!votingOpen(now)) throw badRequest(E.notVoting);
  const userId = toObjectId(user.id);
  const membership = await models.Membership.findOne(
    { user_id: userId, community_id: election.community_id },
    { joined_at: 1 },
  ).lean();
  if (!membership || membership.joined_at > election.started_at) throw forbidden(E.notEligible);
  await assertNotBannedFrom(models, election.community_id, user);
  const standing = new Set(election.candidates.map((c) => c.user_id.toHexString()));
  const chosen = approve.map((id) => id.toLowerCase());
  if (!chosen.every((id) => standing.has(id))) throw badRequest(E.unknownCandidate);

  const key = ballotKey(elections.ballotSecret, election._id, user.id);
  await inTransaction(conn, async (session) => {
    const at = new Date();
    const open = await models.Election.updateOne(
      {
        _id: election._id,
        status: 'open',
        nominations_close_at: { $lte: at },
        voting_close_at: { $gt: at },
      },
      { $inc: { ballot_writes: 1 } },
      { session },
    );
    if (!open.matchedCount) throw badRequest(E.notVoting);
    const voter = await models.ElectionVoter.updateOne(
      { election_id: election._id, user_id: userId },
      { $setOnInsert: { election_id: election._id, user_id: userId } },
      { upsert: true, session },
    );
    if (voter.upsertedCount) {
      await models.Election.updateOne(
        { _id: election._id },
        { $inc: { ballots_cast: 1 } },
        { session },
      );
    }
    await models.ElectionBallot.replaceOne(
      { _id: key },
      { _id: key, election_id: election._id, approve: chosen.map(toObjectId) },
      { upsert: true, session },
    );
  });
  return chosen;
}
