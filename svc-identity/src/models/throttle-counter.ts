import { Schema, type Connection, type Model } from 'mongoose';

/** One fixed rate-limit window for one key (`<action>:<ip|account>:<value>:<window>`). */
export interface ThrottleCounterDoc {
  _id: string;
  count: number;
  expires_at: Date;
}
export type ThrottleCounterModel = Model<ThrottleCounterDoc>;

const schema = new Schema<ThrottleCounterDoc>(
  {
    _id: { type: String, required: true },
    count: { type: Number, required: true },
    expires_at: { type: Date, required: true },
  },
  { collection: 'login_throttle', versionKey: false },
);
// Counters vanish when their window ends (the privacy text promises ~15 minutes).
schema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });

export const defineThrottleCounterModel = (conn: Connection): ThrottleCounterModel =>
  (conn.models.ThrottleCounter as ThrottleCounterModel | undefined) ??
  conn.model<ThrottleCounterDoc>('ThrottleCounter', schema);
