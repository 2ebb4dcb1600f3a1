import { ElectionTexts as E } from '@forum/contracts';
import { badRequest, notFound, toObjectId, type AuthUser } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { findElection } from './shared/elections.js';

/**
 * DELETE /elections/{id}/candidates/me: withdraw while nominations are open. Once voting has
 * begun the list is fixed (ballots name candidates).
 */
export async function withdrawCandidate(
  { models }: Pick<ForumDeps, 'models'>,
  user: AuthUser,
  electionId: string,
): Promise<void> {
  const election = await findElection(models, electionId);
  const userId = toObjectId(user.id);
  const now = new Date();
  if (election.status !== 'open' || now >= election.nominations_close_at) {
    throw badRequest(E.notNominating);
  }
  const res = await models.Election.updateOne(
    {
      _id: election._id,
      status: 'open',
      nominations_close_at: { $gt: now },
      'candidates.user_id': userId,
    },
    { $pull: { candidates: { user_id: userId } } },
  );
  if (res.modifiedCount) return;
  const again = await findElection(models, electionId);
  if (!again.candidates.some((c) => c.user_id.equals(userId))) throw notFound(E.notCandidate);
  throw badRequest(E.notNominating);
}
