import { Schema, type Connection, type Model, type Types } from 'mongoose';

/** One nomination, embedded: the list is read whole and changed with its election's phase. */
export interface CandidateDoc {
  user_id: Types.ObjectId;
  /** Copied when nominated (usernames never change). */
  username: string;
  statement: string;
  nominated_at: Date;
  /** Written by the tally; null until then. */
  approvals: number | null;
}

/**
 * A community election (EXTENSIONS §E). `status` is what the tally decides on: 'open' until the
 * one transaction that moves it to 'closed' and writes the result; the phase shown to readers
 * comes from the clock while open. It holds no voter: who voted is election_voters, what was
 * chosen is election_ballots (docs/ELECTIONS.md).
 */
export interface ElectionDoc {
  _id: Types.ObjectId;
  community_id: Types.ObjectId;
  /** Copied at the start (the community's name never changes). */
  community_name: string;
  community_nsfw: boolean;
  seats: number;
  term_days: number;
  started_at: Date;
  started_by_id: Types.ObjectId;
  started_by_username: string;
  nominations_close_at: Date;
  voting_close_at: Date;
  status: 'open' | 'closed';
  candidates: CandidateDoc[];
  /** Members (not banned) when the election started: the electorate, fixed then. */
  eligible_voters: number;
  /** Distinct voters (a replaced ballot counts once). */
  ballots_cast: number;
  /**
   * Bumped by every ballot write, so a ballot written while the tally runs conflicts with the
   * tally's transaction instead of committing unseen after it (never shown).
   */
  ballot_writes: number;
  winners: Types.ObjectId[] | null;
  closed_at: Date | null;
}
export type ElectionModel = Model<ElectionDoc>;

const candidateSchema = new Schema<CandidateDoc>(
  {
    user_id: { type: Schema.Types.ObjectId, required: true },
    username: { type: String, required: true },
    statement: { type: String, required: true },
    nominated_at: { type: Date, required: true },
    approvals: { type: Number, default: null },
  },
  { _id: false },
);

const electionSchema = new Schema<ElectionDoc>(
  {
    community_id: { type: Schema.Types.ObjectId, required: true },
    community_name: { type: String, required: true },
    community_nsfw: { type: Boolean, default: false },
    seats: { type: Number, required: true },
    term_days: { type: Number, required: true },
    started_at: { type: Date, required: true },
    started_by_id: { type: Schema.Types.ObjectId, required: true },
    started_by_username: { type: String, required: true },
    nominations_close_at: { type: Date, required: true },
    voting_close_at: { type: Date, required: true },
    status: { type: String, enum: ['open', 'closed'], required: true },
    candidates: { type: [candidateSchema], default: [] },
    eligible_voters: { type: Number, required: true },
    ballots_cast: { type: Number, default: 0 },
    ballot_writes: { type: Number, default: 0 },
    winners: { type: [Schema.Types.ObjectId], default: null },
    closed_at: { type: Date, default: null },
  },
  { collection: 'elections', versionKey: false },
);
// One open election per community, whatever runs concurrently (409).
electionSchema.index(
  { community_id: 1 },
  { unique: true, partialFilterExpression: { status: 'open' }, name: 'one_open_per_community' },
);
// A community's elections, newest first.
electionSchema.index({ community_id: 1, started_at: -1, _id: -1 });
// The tally's due list: open elections by their close (start-up and the timer).
electionSchema.index(
  { voting_close_at: 1 },
  { partialFilterExpression: { status: 'open' }, name: 'open_by_voting_close' },
);

// The elections a user stood in (a deleted account's name leaves the candidates): multikey.
electionSchema.index({ 'candidates.user_id': 1 });

export const defineElectionModel = (conn: Connection): ElectionModel =>
  (conn.models.Election as ElectionModel | undefined) ??
  conn.model<ElectionDoc>('Election', electionSchema);
