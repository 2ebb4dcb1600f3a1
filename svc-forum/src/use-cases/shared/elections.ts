import { createHmac } from 'node:crypto';
import { ElectionTexts as E } from '@forum/contracts';
import { notFound, toObjectId } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { ForumModels } from '../../models/index.js';
import type { ElectionDoc } from '../../models/election.js';

/** The election or 404 'Election not found'. */
export async function findElection(
  { Election }: Pick<ForumModels, 'Election'>,
  id: string,
): Promise<ElectionDoc> {
  const election = await Election.findById(toObjectId(id)).lean<ElectionDoc>();
  if (!election) throw notFound(E.notFound);
  return election;
}

/**
 * The ballot store's key (docs/ELECTIONS.md): HMAC-SHA256 of the election and the voter under
 * ELECTION_BALLOT_SECRET. The voter finds their own ballot again; without the secret nobody
 * can tell whose a ballot is.
 */
export const ballotKey = (secret: string, electionId: Types.ObjectId, userId: string): string =>
  createHmac('sha256', secret).update(`${electionId.toHexString()}:${userId}`).digest('hex');
