import { describe, expect, it } from 'vitest';
import { electionPhase, tallyApprovals } from './election-tally.js';

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
const candidates = [
  { userId: 'a', nominatedAt: at(1) },
  { userId: 'b', nominatedAt: at(2) },
  { userId: 'c', nominatedAt: at(3) },
];

describe('tallyApprovals', () => {
  it('elects the most approved, a tie going to the earlier nomination', () => {
    const counts = new Map([
      ['b', 3],
      ['c', 3],
      ['a', 1],
    ]);
    expect(tallyApprovals(candidates, counts, 1).winners).toEqual(['b']);
    expect(tallyApprovals(candidates, counts, 2).winners).toEqual(['b', 'c']);
    expect(tallyApprovals(candidates, counts, 5).winners).toEqual(['b', 'c', 'a']);
  });

  it('reports zero for the unapproved and never seats them', () => {
    const result = tallyApprovals(candidates, new Map([['c', 2]]), 3);
    expect(result.winners).toEqual(['c']);
    expect(Object.fromEntries(result.approvals)).toEqual({ a: 0, b: 0, c: 2 });
  });

  it('passes over candidates who may no longer sit', () => {
    const counts = new Map([
      ['a', 5],
      ['b', 4],
    ]);
    expect(tallyApprovals(candidates, counts, 1, (id) => id !== 'a').winners).toEqual(['b']);
  });
});

describe('electionPhase', () => {
  it('follows the clock until the tally closes it', () => {
    const e = { status: 'open' as const, nominations_close_at: at(10) };
    expect(electionPhase(e, at(9))).toBe('nominating');
    expect(electionPhase(e, at(10))).toBe('voting');
    expect(electionPhase({ ...e, status: 'closed' }, at(0))).toBe('closed');
  });
});
