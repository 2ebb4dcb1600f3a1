import { ELECTION_RECIPIENTS_PER_EVENT, Subjects, type EventData } from '@forum/contracts';
import type { AuthUser } from '@forum/service-kit';
import type { ClientSession, Types } from 'mongoose';
import { tallyApprovals } from '../domain/election-tally.js';
import { activeBan } from '../models/ban.js';
import type { ElectionDoc } from '../models/election.js';
import type { ForumDeps } from '../deps.js';
import { runModeration } from './shared/run-moderation.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Tally every election whose voting has closed; how many this process tallied. */
export async function tallyDueElections(deps: ForumDeps, now = new Date()): Promise<number> {
  const due = await deps.models.Election.find(
    { status: 'open', voting_close_at: { $lte: now } },
    { _id: 1 },
  )
    .sort({ voting_close_at: 1 })
    .limit(100)
    .lean();
  let tallied = 0;
  for (const { _id } of due) {
    if (await tallyElection(deps, _id)) tallied += 1;
  }
  return tallied;
}

/**
 * The tally of one election (EXTENSIONS §E), exactly once: the transaction starts by moving
 * the election from open to closed, so of two instances (or a retry) only the one whose update
 * matched goes on; the other's transaction conflicts or finds it closed. Everything the close
 * means commits with it: approvals and winners, the winners' seats (`elected`, with the term),
 * the `election_closed` log entry (in the starter's name: the close is their election's
 * scheduled end) and the `forum.election.decided` events. False when there was nothing to do.
 */
export async function tallyElection(deps: ForumDeps, electionId: Types.ObjectId): Promise<boolean> {
  const { models } = deps;
  const head = await models.Election.findById(electionId, {
    started_by_id: 1,
    started_by_username: 1,
  }).lean();
  if (!head) return false;
  const starter: AuthUser = {
    id: head.started_by_id.toHexString(),
    username: head.started_by_username,
    isAdmin: false,
  };
  return runModeration(deps, starter, async ({ session, record }) => {
    const closedAt = new Date();
    const election = await models.Election.findOneAndUpdate(
      { _id: electionId, status: 'open', voting_close_at: { $lte: closedAt } },
      { $set: { status: 'closed', closed_at: closedAt } },
      { returnDocument: 'after', session },
    ).lean<ElectionDoc>();
    if (!election) return false;
    const community = await models.Community.findById(election.community_id, {
      name: 1,
      is_nsfw: 1,
      deleting: 1,
    })
      .session(session)
      .lean();
    const counts = await approvalCounts(deps, session, election._id);
    const mayServe =
      community && !community.deleting
        ? await mayStillServe(deps, session, election)
        : new Set<string>();
    const { approvals, winners } = tallyApprovals(
      election.candidates.map((c) => ({
        userId: c.user_id.toHexString(),
        nominatedAt: c.nominated_at,
      })),
      counts,
      election.seats,
      (id) => mayServe.has(id),
    );
    const byId = new Map(election.candidates.map((c) => [c.user_id.toHexString(), c]));
    const winnerDocs = winners.map((id) => byId.get(id)!);
    await models.Election.updateOne(
      { _id: election._id },
      {
        $set: {
          candidates: election.candidates.map((c) => ({
            ...c,
            approvals: approvals.get(c.user_id.toHexString()) ?? 0,
          })),
          winners: winnerDocs.map((c) => c.user_id),
        },
      },
      { session },
    );
    if (!community || community.deleting) return true;
    // A term runs from the scheduled close (§E: close + term_days), so a tally delayed by a
    // restart does not lengthen it.
    const termEndsAt = new Date(election.voting_close_at.getTime() + election.term_days * DAY_MS);
    for (const winner of winnerDocs) {
      await seatWinner(deps, session, election, winner.user_id, winner.username, {
        since: closedAt,
        termEndsAt,
      });
    }
    await record({
      community: { _id: community._id, name: community.name, nsfw: community.is_nsfw },
      action: 'election_closed',
      target: { type: 'election', id: election._id },
      reason: winnerDocs.length
        ? `Elected: ${winnerDocs.map((w) => w.username).join(', ')}`
        : 'Nobody was elected',
    });
    await announce(
      deps,
      session,
      election,
      winnerDocs.map((w) => w.username),
      closedAt,
    );
    return true;
  });
}

/** Approvals per candidate, counted by the database (no ballot leaves it whole). */
async function approvalCounts(
  { models }: ForumDeps,
  session: ClientSession,
  electionId: Types.ObjectId,
): Promise<Map<string, number>> {
  const rows = await models.ElectionBallot.aggregate<{ _id: Types.ObjectId; n: number }>([
    { $match: { election_id: electionId } },
    { $unwind: '$approve' },
    { $group: { _id: '$approve', n: { $sum: 1 } } },
  ]).session(session);
  return new Map(rows.map((r) => [r._id.toHexString(), r.n]));
}

/** Candidates who are still members and not banned at the close. */
async function mayStillServe(
  { models }: ForumDeps,
  session: ClientSession,
  election: ElectionDoc,
): Promise<Set<string>> {
  const ids = election.candidates.map((c) => c.user_id);
  const byCommunity = { community_id: election.community_id };
  // One after the other: operations of one transaction's session must not run in parallel.
  const members = await models.Membership.find(
    { ...byCommunity, user_id: { $in: ids } },
    { user_id: 1 },
  )
    .session(session)
    .lean();
  const bans = await models.Ban.find(
    { ...byCommunity, user_id: { $in: ids }, ...activeBan(new Date()) },
    { user_id: 1 },
  )
    .session(session)
    .lean();
  const banned = new Set(bans.map((b) => b.user_id.toHexString()));
  return new Set(members.map((m) => m.user_id.toHexString()).filter((id) => !banned.has(id)));
}

/**
 * A winner joins the team with a term. The owner stays owner (no term); a sitting moderator
 * becomes elected with the term; anyone else gets a new seat.
 */
async function seatWinner(
  { models }: ForumDeps,
  session: ClientSession,
  election: ElectionDoc,
  userId: Types.ObjectId,
  username: string,
  { since, termEndsAt }: { since: Date; termEndsAt: Date },
): Promise<void> {
  const key = { community_id: election.community_id, user_id: userId };
  const seat = await models.Moderator.findOne(key, { role: 1 }).session(session).lean();
  if (seat?.role === 'owner') return;
  if (seat) {
    await models.Moderator.updateOne(
      { _id: seat._id },
      { $set: { source: 'elected', term_ends_at: termEndsAt } },
      { session },
    );
  } else {
    await models.Moderator.create(
      [{ ...key, username, role: 'moderator', source: 'elected', since, term_ends_at: termEndsAt }],
      { session },
    );
  }
  await models.Membership.updateOne(key, { $set: { is_moderator: true } }, { session });
}

/**
 * The result's events for `election` notifications: candidates, then the voters who are not
 * candidates, each in slices of at most 1,000 (events are bounded). The two audiences never
 * share an event, and none says who approved whom.
 */
async function announce(
  { models, outbox }: ForumDeps,
  session: ClientSession,
  election: ElectionDoc,
  winnerUsernames: string[],
  closedAt: Date,
): Promise<void> {
  const candidates = election.candidates.map((c) => c.user_id.toHexString());
  const standing = new Set(candidates);
  const voters = (
    await models.ElectionVoter.find({ election_id: election._id }, { user_id: 1, _id: 0 })
      .session(session)
      .lean()
  )
    .map((v) => v.user_id.toHexString())
    .filter((id) => !standing.has(id));
  const audiences = [
    ['candidates', candidates],
    ['voters', voters],
  ] as const;
  for (const [audience, ids] of audiences) {
    const sorted = [...ids].sort();
    const slices = Math.ceil(sorted.length / ELECTION_RECIPIENTS_PER_EVENT);
    for (let slice = 0; slice < slices; slice += 1) {
      const data: EventData<typeof Subjects.ElectionDecided> = {
        election_id: election._id.toHexString(),
        community_id: election.community_id.toHexString(),
        community_name: election.community_name,
        seats: election.seats,
        winner_usernames: winnerUsernames,
        audience,
        recipient_ids: sorted.slice(
          slice * ELECTION_RECIPIENTS_PER_EVENT,
          (slice + 1) * ELECTION_RECIPIENTS_PER_EVENT,
        ),
        slice,
        slices,
        closed_at: closedAt.toISOString(),
      };
      await outbox.add(Subjects.ElectionDecided, data, { session });
    }
  }
}
