import type { AuthUser } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { ballotKey, findElection } from './shared/elections.js';

/**
 * GET /elections/{id}/ballot: the caller's own ballot, found by its HMAC key; null before they
 * vote. There is no way to ask for anyone else's (the key needs their id and the secret).
 */
export async function getOwnBallot(
  { models, elections }: Pick<ForumDeps, 'models' | 'elections'>,
  user: AuthUser,
  electionId: string,
): Promise<string[] | null> {
  const election = await findElection(models, electionId);
  const ballot = await models.ElectionBallot.findById(
    ballotKey(elections.ballotSecret, election._id, user.id),
    { approve: 1 },
  ).lean();
  return ballot ? ballot.approve.map((id) => id.toHexString()) : null;
}
