import {
  closeVotingAt as closeVotingAtIn,
  endNominations as endNominationsIn,
  endVoting as endVotingIn,
  forumDbName,
} from '../../../scripts/lib/election-clock.js';
import { expect } from '../../fixtures.js';
import { api, apiOk, type TestCommunity, type TestUser } from './helpers.js';

/** Election data for the elections spec (EXTENSIONS §E), made through the public API. */

export interface TestElection {
  id: string;
  phase: 'nominating' | 'voting' | 'closed';
  eligible_voters: number;
  ballots_cast: number;
  candidates: Array<{ user_id: string; username: string; approvals: number | null }>;
  winners: string[] | null;
}

const DAY = 24 * 60 * 60;

/** Starts an election with the stack's minimum phases (a day each). */
export async function startElection(
  starter: TestUser,
  community: TestCommunity,
  body: { seats?: number; term_days?: number } = {},
): Promise<TestElection> {
  const res = await apiOk<{ election: TestElection }>(
    'POST',
    `/communities/${community.id}/elections`,
    {
      token: starter.token,
      body: { seats: 1, nomination_seconds: DAY, voting_seconds: DAY, term_days: 90, ...body },
    },
  );
  return res.election;
}

export async function nominate(user: TestUser, electionId: string, statement: string) {
  await apiOk('POST', `/elections/${electionId}/candidates`, {
    token: user.token,
    body: { statement },
  });
}

export async function castBallot(user: TestUser, electionId: string, approve: TestUser[]) {
  await apiOk('PUT', `/elections/${electionId}/ballot`, {
    token: user.token,
    body: { approve: approve.map((u) => u.id) },
  });
}

export async function getElection(electionId: string): Promise<TestElection> {
  return (await apiOk<{ election: TestElection }>('GET', `/elections/${electionId}`)).election;
}

/** The stack's forum database: the e2e global setup hands its URL and prefix to the tests. */
function forumDb(): { mongoUrl: string; dbName: string } {
  const mongoUrl = process.env.E2E_MONGO_URL;
  if (!mongoUrl) {
    throw new Error('E2E_MONGO_URL is not set: the election specs need the stack the setup starts');
  }
  return { mongoUrl, dbName: forumDbName(process.env.E2E_DB_PREFIX) };
}

/** The clock moves to voting (the stack's minimum phase is a day). */
export async function endNominations(electionId: string): Promise<void> {
  const { mongoUrl, dbName } = forumDb();
  await endNominationsIn(mongoUrl, dbName, electionId);
  expect((await getElection(electionId)).phase).toBe('voting');
}

/** Voting closes `seconds` from now: a page opened before then sees the close happen. */
export async function closeVotingIn(electionId: string, seconds: number): Promise<void> {
  const { mongoUrl, dbName } = forumDb();
  await closeVotingAtIn(mongoUrl, dbName, electionId, new Date(Date.now() + seconds * 1000));
}

/** The clock moves past the close; resolves once svc-forum's sweep (every second) has tallied. */
export async function endVoting(electionId: string): Promise<TestElection> {
  const { mongoUrl, dbName } = forumDb();
  await endVotingIn(mongoUrl, dbName, electionId);
  await expect
    .poll(async () => (await getElection(electionId)).phase, { timeout: 20_000 })
    .toBe('closed');
  return getElection(electionId);
}

/** The raw answer of a ballot, for refusals. */
export function ballotAnswer(user: TestUser, electionId: string, approve: TestUser[]) {
  return api('PUT', `/elections/${electionId}/ballot`, {
    token: user.token,
    body: { approve: approve.map((u) => u.id) },
  });
}
