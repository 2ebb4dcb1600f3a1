import { describe, expect, it } from 'vitest';
import type { Candidate } from '@forum/contracts';
import { rankResults, winnerCandidates } from './electionResults';

const candidate = (id: string, minute: number, approvals: number | null): Candidate => ({
  user_id: id.padStart(24, '0'),
  username: `user${id}`,
  statement: 'A statement of intent.',
  nominated_at: new Date(Date.UTC(2026, 10, 1, 10, minute)).toISOString(),
  approvals,
});

describe('rankResults', () => {
  it('orders by approvals, a tie to the earlier nomination, and marks the winners', () => {
    const a = candidate('a', 1, 2);
    const b = candidate('b', 2, 3);
    const c = candidate('c', 0, 2);
    const rows = rankResults({
      candidates: [a, b, c],
      winners: [b.user_id, c.user_id],
      ballots_cast: 4,
    });
    expect(rows.map((r) => [r.candidate.username, r.approvals, r.winner, r.share])).toEqual([
      ['userb', 3, true, 0.75],
      ['userc', 2, true, 0.5],
      ['usera', 2, false, 0.5],
    ]);
  });
  it('reads missing approvals as none and no ballots as empty bars', () => {
    const rows = rankResults({
      candidates: [candidate('a', 0, null)],
      winners: [],
      ballots_cast: 0,
    });
    expect(rows).toEqual([expect.objectContaining({ approvals: 0, winner: false, share: 0 })]);
  });
});

describe('winnerCandidates', () => {
  it('keeps the server order and skips ids that are not candidates', () => {
    const a = candidate('a', 0, 1);
    const b = candidate('b', 1, 5);
    expect(
      winnerCandidates({ candidates: [a, b], winners: [b.user_id, 'f'.repeat(24), a.user_id] }).map(
        (c) => c.username,
      ),
    ).toEqual(['userb', 'usera']);
    expect(winnerCandidates({ candidates: [a], winners: null })).toEqual([]);
  });
});
