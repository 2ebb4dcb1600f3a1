/**
 * Approval voting's count (EXTENSIONS §E): the `seats` candidates with most approvals win, a
 * tie going to the earlier nomination. Only candidates who may still sit (`eligible`) and whom
 * somebody approved can win: an empty seat is better than a moderator nobody chose.
 */
export interface TallyCandidate {
  userId: string;
  nominatedAt: Date;
}

export interface TallyResult {
  /** Approvals per candidate (0 for those nobody approved). */
  approvals: Map<string, number>;
  /** Winners' user ids, most approvals first. */
  winners: string[];
}

export function tallyApprovals(
  candidates: readonly TallyCandidate[],
  counts: ReadonlyMap<string, number>,
  seats: number,
  eligible: (userId: string) => boolean = () => true,
): TallyResult {
  const approvals = new Map(candidates.map((c) => [c.userId, counts.get(c.userId) ?? 0]));
  const winners = candidates
    .filter((c) => (approvals.get(c.userId) ?? 0) > 0 && eligible(c.userId))
    .sort(
      (a, b) =>
        (approvals.get(b.userId) ?? 0) - (approvals.get(a.userId) ?? 0) ||
        a.nominatedAt.getTime() - b.nominatedAt.getTime() ||
        a.userId.localeCompare(b.userId),
    )
    .slice(0, seats)
    .map((c) => c.userId);
  return { approvals, winners };
}

export type ElectionPhase = 'nominating' | 'voting' | 'closed';

/** The phase from the clock; 'closed' only once tallied (until then the close is moments away). */
export function electionPhase(
  election: { status: 'open' | 'closed'; nominations_close_at: Date },
  now: Date,
): ElectionPhase {
  if (election.status === 'closed') return 'closed';
  return now < election.nominations_close_at ? 'nominating' : 'voting';
}
