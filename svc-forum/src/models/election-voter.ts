import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * Who voted in an election, without what they chose (EXTENSIONS §E): counts a replaced ballot
 * once and names the voters the result is announced to. No timestamp, so its rows cannot be
 * lined up with the ballot store by time.
 */
export interface ElectionVoterDoc {
  _id: Types.ObjectId;
  election_id: Types.ObjectId;
  user_id: Types.ObjectId;
}
export type ElectionVoterModel = Model<ElectionVoterDoc>;

const electionVoterSchema = new Schema<ElectionVoterDoc>(
  {
    election_id: { type: Schema.Types.ObjectId, required: true },
    user_id: { type: Schema.Types.ObjectId, required: true },
  },
  { collection: 'election_voters', versionKey: false },
);
// One row per voter and election (first ballot only); the result's recipients by election.
electionVoterSchema.index({ election_id: 1, user_id: 1 }, { unique: true });

export const defineElectionVoterModel = (conn: Connection): ElectionVoterModel =>
  (conn.models.ElectionVoter as ElectionVoterModel | undefined) ??
  conn.model<ElectionVoterDoc>('ElectionVoter', electionVoterSchema);
