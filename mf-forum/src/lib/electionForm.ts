import type { CreateElectionBody } from '@forum/contracts';
import { ELECTION_TEXTS } from '../electionTexts';

/** The start form's durations are typed in hours or days and sent as seconds (EXTENSIONS §E). */
export type DurationUnit = 'hours' | 'days';

export interface StartElectionInput {
  seats: string;
  nominationAmount: string;
  nominationUnit: DurationUnit;
  votingAmount: string;
  votingUnit: DurationUnit;
  termDays: string;
}

export type StartElectionErrors = Partial<
  Record<'seats' | 'nomination' | 'voting' | 'termDays', string>
>;

const UNIT_SECONDS: Record<DurationUnit, number> = { hours: 3600, days: 86_400 };
/** The contract's outer bound; the server's minimum (ELECTION_MIN_PHASE_SECONDS) it says itself. */
const MAX_PHASE_SECONDS = 14 * 86_400;

function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

function phaseSeconds(amount: string, unit: DurationUnit): number | string {
  const n = wholeNumber(amount);
  if (n === null || n < 1) return ELECTION_TEXTS.durationInvalid;
  const seconds = n * UNIT_SECONDS[unit];
  return seconds > MAX_PHASE_SECONDS ? ELECTION_TEXTS.phaseMax : seconds;
}

/** The request body, or the first problem of each field (the server's words where it has them). */
export function parseStartElection(
  input: StartElectionInput,
):
  | { body: CreateElectionBody; errors?: undefined }
  | { body?: undefined; errors: StartElectionErrors } {
  const errors: StartElectionErrors = {};
  const seats = wholeNumber(input.seats);
  if (seats === null || seats < 1 || seats > 5) errors.seats = ELECTION_TEXTS.seatsInvalid;
  const nomination = phaseSeconds(input.nominationAmount, input.nominationUnit);
  if (typeof nomination === 'string') errors.nomination = nomination;
  const voting = phaseSeconds(input.votingAmount, input.votingUnit);
  if (typeof voting === 'string') errors.voting = voting;
  const termDays = wholeNumber(input.termDays);
  if (termDays === null || termDays < 30 || termDays > 730) {
    errors.termDays = ELECTION_TEXTS.termInvalid;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      seats: seats!,
      nomination_seconds: nomination as number,
      voting_seconds: voting as number,
      term_days: termDays!,
    },
  };
}

/** A nomination statement is trimmed and 10-2000 characters (EXTENSIONS §E). */
export function statementError(text: string): string | undefined {
  const length = text.trim().length;
  return length < 10 || length > 2000 ? ELECTION_TEXTS.statementInvalid : undefined;
}
