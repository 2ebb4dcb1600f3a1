import { Schema, type Connection, type Model } from 'mongoose';

/** Named sequences (signup order for the Founders Club), advanced with an atomic $inc. */
export interface CounterDoc {
  _id: string;
  seq: number;
}
export type CounterModel = Model<CounterDoc>;

const schema = new Schema<CounterDoc>(
  { _id: { type: String, required: true }, seq: { type: Number, required: true } },
  { collection: 'counters', versionKey: false },
);

export const defineCounterModel = (conn: Connection): CounterModel =>
  (conn.models.Counter as CounterModel | undefined) ?? conn.model<CounterDoc>('Counter', schema);
