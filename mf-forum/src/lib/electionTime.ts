import type { Election } from '@forum/contracts';
import { ELECTION_TEXTS } from '../electionTexts';
import { formatDate } from './display';

/**
 * An election's phase and countdown by the clock (EXTENSIONS §E). The server decides the phase
 * from the same deadlines; reading them here lets a page left open move on without a reload.
 * 'counting': voting has closed and the tally (a second or two later) has not been seen yet.
 */
export type ShownPhase = 'nominating' | 'voting' | 'counting' | 'closed';

type Deadlines = Pick<Election, 'phase' | 'nominations_close_at' | 'voting_close_at'>;

export function shownPhase(election: Deadlines, now: number): ShownPhase {
  if (election.phase === 'closed') return 'closed';
  if (now < Date.parse(election.nominations_close_at)) return 'nominating';
  if (now < Date.parse(election.voting_close_at)) return 'voting';
  return 'counting';
}

const ORDER: Record<ShownPhase, number> = { nominating: 0, voting: 1, counting: 2, closed: 3 };

/**
 * Whether the clock has passed a deadline that the server's answer had not: time to ask again.
 * Never when the reader's clock runs behind the server's (that would ask again and again).
 */
export function clockIsAhead(election: Deadlines, now: number): boolean {
  return ORDER[shownPhase(election, now)] > ORDER[election.phase];
}

/** When the shown phase changes next (ms since the epoch), or null once voting has closed. */
export function nextDeadline(election: Deadlines, now: number): number | null {
  switch (shownPhase(election, now)) {
    case 'nominating':
      return Date.parse(election.nominations_close_at);
    case 'voting':
      return Date.parse(election.voting_close_at);
    default:
      return null;
  }
}

/** Time left in its two largest units: "2 d 4 h", "3 h 12 min", "5 min 30 s", "45 s". */
export function formatTimeLeft(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const units: Array<[number, string]> = [
    [Math.floor(total / 86_400), 'd'],
    [Math.floor((total % 86_400) / 3600), 'h'],
    [Math.floor((total % 3600) / 60), 'min'],
    [total % 60, 's'],
  ];
  const first = units.findIndex(([n]) => n > 0);
  if (first === -1) return '0 s';
  return units
    .slice(first, first + 2)
    .filter(([n], i) => i === 0 || n > 0)
    .map(([n, unit]) => `${n} ${unit}`)
    .join(' ');
}

/** "November 27, 2026, 3:00 PM": a deadline to the minute, in the reader's time zone. */
export function formatDeadline(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' });
}

/** The line under an election: its next deadline as a countdown, or when it closed. */
export function deadlineText(
  election: Deadlines & Pick<Election, 'closed_at'>,
  now: number,
): string {
  switch (shownPhase(election, now)) {
    case 'nominating':
      return ELECTION_TEXTS.nominationsCloseIn(
        formatTimeLeft(Date.parse(election.nominations_close_at) - now),
      );
    case 'voting':
      return ELECTION_TEXTS.votingClosesIn(
        formatTimeLeft(Date.parse(election.voting_close_at) - now),
      );
    case 'counting':
      return ELECTION_TEXTS.counting;
    case 'closed':
      return ELECTION_TEXTS.closedOn(formatDate(election.closed_at ?? election.voting_close_at));
  }
}

/** The community page's banner line while an election is open; null when there is none to show. */
export function bannerText(election: Deadlines, now: number): string | null {
  switch (shownPhase(election, now)) {
    case 'nominating':
      return ELECTION_TEXTS.bannerNominating(
        formatTimeLeft(Date.parse(election.nominations_close_at) - now),
      );
    case 'voting':
      return ELECTION_TEXTS.bannerVoting(formatDeadline(election.voting_close_at));
    default:
      return null;
  }
}
