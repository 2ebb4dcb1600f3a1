import type { AuthUser } from '@forum/service-kit';
import type { ElectionDoc } from '../models/election.js';
import { assertCanViewPost } from '../policies/nsfw-policy.js';
import type { ForumDeps } from '../deps.js';
import { findElection } from './shared/elections.js';

/** GET /elections/{id}: public like its community's log (NSFW: signed in only). */
export async function getElection(
  { models }: Pick<ForumDeps, 'models'>,
  user: AuthUser | undefined,
  id: string,
): Promise<ElectionDoc> {
  const election = await findElection(models, id);
  assertCanViewPost({ community_nsfw: election.community_nsfw }, user);
  return election;
}
