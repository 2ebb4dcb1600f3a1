import type { Election, ElectionsResponse } from '@forum/contracts';
import { electionPhase } from '../domain/election-tally.js';
import type { ElectionDoc } from '../models/election.js';
import { presentPagination } from './pagination.js';

/** An election as everyone sees it: counts, and approvals per candidate once closed. */
export const presentElection = (doc: ElectionDoc, now = new Date()): Election => {
  const closed = doc.status === 'closed';
  return {
    id: doc._id.toHexString(),
    community_id: doc.community_id.toHexString(),
    community_name: doc.community_name,
    seats: doc.seats,
    phase: electionPhase(doc, now),
    started_at: doc.started_at.toISOString(),
    nominations_close_at: doc.nominations_close_at.toISOString(),
    voting_close_at: doc.voting_close_at.toISOString(),
    term_days: doc.term_days,
    candidates: doc.candidates.map((c) => ({
      user_id: c.user_id.toHexString(),
      username: c.username,
      statement: c.statement,
      nominated_at: c.nominated_at.toISOString(),
      approvals: closed ? (c.approvals ?? 0) : null,
    })),
    ballots_cast: doc.ballots_cast,
    eligible_voters: doc.eligible_voters,
    winners: closed ? (doc.winners ?? []).map((id) => id.toHexString()) : null,
    closed_at: doc.closed_at?.toISOString() ?? null,
  };
};

export const presentElectionPage = (page: {
  elections: ElectionDoc[];
  total: number;
  hasMore: boolean;
}): ElectionsResponse => ({
  elections: page.elections.map((e) => presentElection(e)),
  pagination: presentPagination(page),
});
