import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * The ballot store (EXTENSIONS §E, docs/ELECTIONS.md): one secret ballot per voter and
 * election, keyed by HMAC(ELECTION_BALLOT_SECRET, election id + user id). It holds only what
 * the tally needs. Deliberately no user id, no timestamp and no ObjectId (whose first bytes are
 * a creation time): nothing in it can be matched with election_voters or request times.
 */
export interface ElectionBallotDoc {
  /** Hex HMAC-SHA256 of the election and the voter. */
  _id: string;
  election_id: Types.ObjectId;
  approve: Types.ObjectId[];
}
export type ElectionBallotModel = Model<ElectionBallotDoc>;

const electionBallotSchema = new Schema<ElectionBallotDoc>(
  {
    _id: { type: String, required: true },
    election_id: { type: Schema.Types.ObjectId, required: true },
    approve: { type: [Schema.Types.ObjectId], required: true },
  },
  { collection: 'election_ballots', versionKey: false },
);
// The tally reads one election's ballots; a community's delete removes them.
electionBallotSchema.index({ election_id: 1 });

export const defineElectionBallotModel = (conn: Connection): ElectionBallotModel =>
  (conn.models.ElectionBallot as ElectionBallotModel | undefined) ??
  conn.model<ElectionBallotDoc>('ElectionBallot', electionBallotSchema);
