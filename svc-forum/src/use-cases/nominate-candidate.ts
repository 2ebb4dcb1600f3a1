import { ElectionTexts as E } from '@forum/contracts';
import { badRequest, conflict, forbidden, toObjectId, type AuthUser } from '@forum/service-kit';
import type { ElectionDoc } from '../models/election.js';
import type { ForumDeps } from '../deps.js';
import { assertNotBannedFrom } from './shared/assert-not-banned.js';
import { findElection } from './shared/elections.js';

/**
 * POST /elections/{id}/candidates: a member who is not banned stands, while nominations are
 * open. The push is conditional on the phase and on not standing yet, so a request racing the
 * close or a double click changes nothing.
 */
export async function nominateCandidate(
  { models }: Pick<ForumDeps, 'models'>,
  user: AuthUser,
  electionId: string,
  statement: string,
): Promise<ElectionDoc> {
  const election = await findElection(models, electionId);
  const userId = toObjectId(user.id);
  const now = new Date();
  if (election.status !== 'open' || now >= election.nominations_close_at) {
    throw badRequest(E.notNominating);
  }
  const member = await models.Membership.exists({
    user_id: userId,
    community_id: election.community_id,
  });
  if (!member) throw forbidden(E.notMember);
  await assertNotBannedFrom(models, election.community_id, user);
  if (election.candidates.some((c) => c.user_id.equals(userId))) {
    throw conflict(E.alreadyCandidate);
  }
  const updated = await models.Election.findOneAndUpdate(
    {
      _id: election._id,
      status: 'open',
      nominations_close_at: { $gt: now },
      'candidates.user_id': { $ne: userId },
    },
    {
      $push: {
        candidates: {
          user_id: userId,
          username: user.username,
          statement,
          nominated_at: now,
          approvals: null,
        },
      },
    },
    { returnDocument: 'after' },
  ).lean<ElectionDoc>();
  if (updated) return updated;
  const again = await findElection(models, electionId);
  if (again.candidates.some((c) => c.user_id.equals(userId))) throw conflict(E.alreadyCandidate);
  throw badRequest(E.notNominating);
}
