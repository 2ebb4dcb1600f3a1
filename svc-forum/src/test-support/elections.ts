import {
  BallotResponse,
  ElectionDecidedEvent,
  ElectionResponse,
  Subjects,
  type Election,
  type EventOf,
} from '@forum/contracts';
import { toObjectId } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { TEST_ELECTIONS, type Harness, type TestUser } from './harness.js';
import { publishedEvents } from './events.js';
import { ok } from './moderation.js';

/** What the tally and the term sweep need, over the harness's own connection. */
export const electionDeps = (h: Pick<Harness, 'models' | 'conn' | 'outbox' | 'media'>) =>
  ({
    models: h.models,
    conn: h.conn,
    outbox: h.outbox,
    media: h.media,
    adminUsername: 'admin',
    elections: TEST_ELECTIONS,
  }) satisfies ForumDeps;

/** A valid start: one seat, phases of an hour (tests move the clock with `advance`). */
export const electionBody = (extra: Record<string, unknown> = {}) => ({
  seats: 1,
  nomination_seconds: 3600,
  voting_seconds: 3600,
  term_days: 30,
  ...extra,
});

export async function startElection(
  h: Harness,
  by: TestUser,
  community: string,
  extra: Record<string, unknown> = {},
): Promise<Election> {
  const body = await ok(h, 201, 'POST', `/api/communities/${community}/elections`, {
    as: by,
    body: electionBody(extra),
  });
  return ElectionResponse.parse(body).election;
}

export const electionOf = async (h: Harness, id: string, as?: TestUser) =>
  ElectionResponse.parse(await ok(h, 200, 'GET', `/api/elections/${id}`, as ? { as } : {}))
    .election;

export const nominate = (h: Harness, as: TestUser, election: string, statement?: string) =>
  ok(h, 201, 'POST', `/api/elections/${election}/candidates`, {
    as,
    body: { statement: statement ?? `I will keep ${as.username} tidy and fair.` },
  });

export const vote = async (h: Harness, as: TestUser, election: string, approve: TestUser[]) =>
  BallotResponse.parse(
    await ok(h, 200, 'PUT', `/api/elections/${election}/ballot`, {
      as,
      body: { approve: approve.map((u) => u.id) },
    }),
  ).ballot;

/**
 * The clock, moved for one election: its phase ends now (the close times are set to the past
 * exactly as if the phase had run its length). 'voting' ends nominations, 'due' ends voting too.
 */
export async function advance(h: Harness, election: string, to: 'voting' | 'due') {
  const past = new Date(Date.now() - 1);
  await h.models.Election.updateOne(
    { _id: toObjectId(election) },
    to === 'voting'
      ? { $set: { nominations_close_at: past } }
      : { $set: { nominations_close_at: new Date(past.getTime() - 1), voting_close_at: past } },
  );
}

/** The election_decided events of one election published so far (at least `count`). */
export const decidedEvents = (h: Harness, election: string, count = 0) =>
  publishedEvents(
    h,
    Subjects.ElectionDecided,
    ElectionDecidedEvent,
    (e: EventOf<typeof Subjects.ElectionDecided>) => e.election_id === election,
    count,
  );
