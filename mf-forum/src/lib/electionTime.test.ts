import { describe, expect, it } from 'vitest';
import {
  bannerText,
  clockIsAhead,
  deadlineText,
  formatTimeLeft,
  nextDeadline,
  shownPhase,
} from './electionTime';

const H = 3_600_000;
const now = Date.parse('2026-11-26T10:00:00Z');
const at = (ms: number) => new Date(now + ms).toISOString();
const election = (phase: 'nominating' | 'voting' | 'closed', nominate: number, vote: number) => ({
  phase,
  nominations_close_at: at(nominate),
  voting_close_at: at(vote),
  closed_at: phase === 'closed' ? at(vote + 1000) : null,
});

describe('formatTimeLeft', () => {
  it('shows the two largest units, dropping a zero second one', () => {
    expect(formatTimeLeft(3 * H + 12 * 60_000 + 40_000)).toBe('3 h 12 min');
    expect(formatTimeLeft(2 * 24 * H + 4 * H)).toBe('2 d 4 h');
    expect(formatTimeLeft(24 * H)).toBe('1 d');
    expect(formatTimeLeft(3 * H + 30_000)).toBe('3 h');
    expect(formatTimeLeft(5 * 60_000 + 30_000)).toBe('5 min 30 s');
    expect(formatTimeLeft(45_999)).toBe('45 s');
  });
  it('never counts below zero', () => {
    expect(formatTimeLeft(0)).toBe('0 s');
    expect(formatTimeLeft(-5000)).toBe('0 s');
  });
});

describe('shownPhase and nextDeadline follow the clock', () => {
  it('nominating until the nominations close, then voting, then counting', () => {
    const e = election('nominating', H, 2 * H);
    expect(shownPhase(e, now)).toBe('nominating');
    expect(nextDeadline(e, now)).toBe(now + H);
    expect(shownPhase(e, now + H)).toBe('voting');
    expect(nextDeadline(e, now + H)).toBe(now + 2 * H);
    expect(shownPhase(e, now + 2 * H)).toBe('counting');
    expect(nextDeadline(e, now + 2 * H)).toBeNull();
  });
  it('closed only when the server says so', () => {
    expect(shownPhase(election('closed', -2 * H, -H), now)).toBe('closed');
    expect(shownPhase(election('voting', -2 * H, -H), now)).toBe('counting');
  });
});

describe('clockIsAhead', () => {
  it('only when the clock has passed a deadline the answer had not', () => {
    expect(clockIsAhead(election('nominating', H, 2 * H), now)).toBe(false);
    expect(clockIsAhead(election('nominating', -1, 2 * H), now)).toBe(true);
    expect(clockIsAhead(election('voting', -H, -1), now)).toBe(true);
    expect(clockIsAhead(election('closed', -2 * H, -H), now)).toBe(false);
  });
  it("never when the reader's clock runs behind the server's", () => {
    expect(clockIsAhead(election('voting', H, 2 * H), now)).toBe(false);
  });
});

describe('deadlineText', () => {
  it('counts down to the next deadline', () => {
    expect(deadlineText(election('nominating', 3 * H + 12 * 60_000, 9 * H), now)).toBe(
      'Nominations close in 3 h 12 min',
    );
    expect(deadlineText(election('voting', -H, 90_000), now)).toBe('Voting closes in 1 min 30 s');
    expect(deadlineText(election('voting', -2 * H, -1), now)).toBe(
      'Voting has closed; the ballots are being counted',
    );
  });
  it('names the day a closed election closed', () => {
    const text = deadlineText(election('closed', -48 * H, -24 * H), now);
    expect(text).toMatch(/^Closed November 2[45], 2026$/);
  });
});

describe('bannerText', () => {
  it('speaks of the nominations, then of the end of voting, then nothing', () => {
    expect(bannerText(election('nominating', 2 * H, 30 * H), now)).toBe(
      'An election is open: nominations close in 2 h',
    );
    expect(bannerText(election('voting', -H, 30 * H), now)).toMatch(
      /^Voting is open until November 2[67], 2026( at|,) \d{1,2}:\d{2}\s?[AP]M$/,
    );
    expect(bannerText(election('voting', -2 * H, -1), now)).toBeNull();
    expect(bannerText(election('closed', -2 * H, -H), now)).toBeNull();
  });
});
