import type { ServiceHandlers } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { presentElection, presentElectionPage } from '../presenters/election.js';
import { castBallot } from '../use-cases/cast-ballot.js';
import { getElection } from '../use-cases/get-election.js';
import { getOwnBallot } from '../use-cases/get-own-ballot.js';
import { listCommunityElections } from '../use-cases/list-community-elections.js';
import { nominateCandidate } from '../use-cases/nominate-candidate.js';
import { startElection } from '../use-cases/start-election.js';
import { withdrawCandidate } from '../use-cases/withdraw-candidate.js';

/** Elections, nominations and secret approval ballots (EXTENSIONS §E). */
export function electionHandlers(deps: ForumDeps) {
  return {
    'POST /api/communities/{id}/elections': async ({ user, params, body }) => ({
      election: presentElection(await startElection(deps, user, params.id, body)),
    }),
    'GET /api/communities/{id}/elections': async ({ user, params, query }) =>
      presentElectionPage(await listCommunityElections(deps, user, params.id, query)),
    'GET /api/elections/{id}': async ({ user, params }) => ({
      election: presentElection(await getElection(deps, user, params.id)),
    }),
    'POST /api/elections/{id}/candidates': async ({ user, params, body }) => ({
      election: presentElection(await nominateCandidate(deps, user, params.id, body.statement)),
    }),
    'DELETE /api/elections/{id}/candidates/me': async ({ user, params }) => {
      await withdrawCandidate(deps, user, params.id);
      return { message: 'Nomination withdrawn' };
    },
    'PUT /api/elections/{id}/ballot': async ({ user, params, body }) => ({
      ballot: {
        election_id: params.id,
        approve: await castBallot(deps, user, params.id, body.approve),
      },
    }),
    'GET /api/elections/{id}/ballot': async ({ user, params }) => {
      const approve = await getOwnBallot(deps, user, params.id);
      return { ballot: approve && { election_id: params.id, approve } };
    },
  } satisfies Partial<ServiceHandlers<'forum'>>;
}
