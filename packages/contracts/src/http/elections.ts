import { z } from '../zod.js';
import { Id, Pagination, Timestamp, limitParam, offsetParam } from './common.js';

// Elected moderators (EXTENSIONS.md §E): elections with approval ballots, public totals and
// terms. Texts are the spec's where it names one.

export const ElectionTexts = {
  notFound: 'Election not found',
  openExists: 'This community already has an open election',
  seats: 'Seats must be a whole number from 1 to 5',
  phaseMax: 'A phase lasts at most 14 days',
  phaseMin: 'A phase lasts at least 1 second',
  termDays: 'A term lasts 30 to 730 days',
  statement: 'Statement must be 10 to 2000 characters',
  notNominating: 'Nominations are closed for this election',
  notVoting: 'Voting is not open for this election',
  notMember: 'Only members of this community may stand',
  alreadyCandidate: 'You are already a candidate in this election',
  notCandidate: 'You are not a candidate in this election',
  notEligible: 'Only members from before the election started may vote',
  approveRequired: 'Approve at least one candidate',
  approveDistinct: 'Each candidate may be approved only once',
  unknownCandidate: 'Approve only candidates of this election',
} as const;

/** The server's own minimum (ELECTION_MIN_PHASE_SECONDS) is stricter; these are the outer bounds. */
export const MAX_PHASE_SECONDS = 14 * 24 * 60 * 60;
export const MAX_SEATS = 5;

const phaseSeconds = (what: string) =>
  z.coerce
    .number(`${what} is required`)
    .int(`${what} must be a whole number of seconds`)
    .min(1, ElectionTexts.phaseMin)
    .max(MAX_PHASE_SECONDS, ElectionTexts.phaseMax);

export const CreateElectionBody = z.object({
  seats: z.coerce
    .number(ElectionTexts.seats)
    .int(ElectionTexts.seats)
    .min(1, ElectionTexts.seats)
    .max(MAX_SEATS, ElectionTexts.seats),
  nomination_seconds: phaseSeconds('nomination_seconds'),
  voting_seconds: phaseSeconds('voting_seconds'),
  term_days: z.coerce
    .number(ElectionTexts.termDays)
    .int(ElectionTexts.termDays)
    .min(30, ElectionTexts.termDays)
    .max(730, ElectionTexts.termDays),
});
export type CreateElectionBody = z.infer<typeof CreateElectionBody>;

export const ELECTION_PHASES = ['nominating', 'voting', 'closed'] as const;
export type ElectionPhase = (typeof ELECTION_PHASES)[number];

export const Candidate = z
  .object({
    user_id: Id,
    username: z.string(),
    statement: z.string(),
    nominated_at: Timestamp,
    /** null until the election is closed. */
    approvals: z.number().int().nonnegative().nullable(),
  })
  .meta({ id: 'Candidate' });
export type Candidate = z.infer<typeof Candidate>;

export const Election = z
  .object({
    id: Id,
    community_id: Id,
    community_name: z.string(),
    seats: z.number().int(),
    phase: z.enum(ELECTION_PHASES),
    started_at: Timestamp,
    nominations_close_at: Timestamp,
    voting_close_at: Timestamp,
    term_days: z.number().int(),
    /** In nomination order (the earlier nomination wins a tie). */
    candidates: z.array(Candidate),
    ballots_cast: z.number().int().nonnegative(),
    /** Members when the election started (not banned): who may vote. */
    eligible_voters: z.number().int().nonnegative(),
    /** The elected candidates' user ids, most approvals first; null until closed. */
    winners: z.array(Id).nullable(),
    closed_at: Timestamp.nullable(),
  })
  .meta({ id: 'Election' });
export type Election = z.infer<typeof Election>;

export const ElectionResponse = z.object({ election: Election });
export const ElectionsQuery = z.object({ limit: limitParam(20), offset: offsetParam });
export type ElectionsQuery = z.infer<typeof ElectionsQuery>;
export const ElectionsResponse = z.object({
  elections: z.array(Election),
  pagination: Pagination,
});
export type ElectionsResponse = z.infer<typeof ElectionsResponse>;

export const NominationBody = z.object({
  statement: z
    .string(ElectionTexts.statement)
    .trim()
    .min(10, ElectionTexts.statement)
    .max(2000, ElectionTexts.statement),
});

export const BallotBody = z.object({
  approve: z
    .array(Id, ElectionTexts.approveRequired)
    .min(1, ElectionTexts.approveRequired)
    .max(1000, ElectionTexts.unknownCandidate)
    .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, {
      message: ElectionTexts.approveDistinct,
    }),
});
export type BallotBody = z.infer<typeof BallotBody>;

/** The caller's own ballot (nobody else's is readable), or null before they vote. */
export const BallotResponse = z.object({
  ballot: z.object({ election_id: Id, approve: z.array(Id) }).nullable(),
});
