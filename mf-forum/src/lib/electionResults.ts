import type { Candidate, Election } from '@forum/contracts';

export interface ResultRow {
  candidate: Candidate;
  approvals: number;
  winner: boolean;
  /** Share of the ballots that approved them, 0-1 (the bar's length). */
  share: number;
}

/**
 * A closed election's results (EXTENSIONS §E): most approvals first, a tie in the tally's order
 * (the earlier nomination first), each marked when elected.
 */
export function rankResults(
  election: Pick<Election, 'candidates' | 'winners' | 'ballots_cast'>,
): ResultRow[] {
  const winners = new Set(election.winners ?? []);
  return election.candidates
    .map((candidate) => {
      const approvals = candidate.approvals ?? 0;
      return {
        candidate,
        approvals,
        winner: winners.has(candidate.user_id),
        share: election.ballots_cast > 0 ? Math.min(1, approvals / election.ballots_cast) : 0,
      };
    })
    .sort(
      (a, b) =>
        b.approvals - a.approvals ||
        Date.parse(a.candidate.nominated_at) - Date.parse(b.candidate.nominated_at) ||
        a.candidate.user_id.localeCompare(b.candidate.user_id),
    );
}

/** The winners in the server's order (most approvals first), with their names. */
export function winnerCandidates(election: Pick<Election, 'candidates' | 'winners'>): Candidate[] {
  const byId = new Map(election.candidates.map((c) => [c.user_id, c]));
  return (election.winners ?? []).flatMap((id) => {
    const c = byId.get(id);
    return c ? [c] : [];
  });
}
