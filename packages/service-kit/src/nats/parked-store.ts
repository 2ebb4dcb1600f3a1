import type { Connection } from 'mongoose';
import type { ParkedMessage } from './consumer.js';

export const PARKED_COLLECTION = 'parked_events';

/** Keeps parked messages in the service's own database for inspection and replay. */
export function parkedMessageStore(conn: Connection): (parked: ParkedMessage) => Promise<void> {
  return async (parked) => {
    await conn.collection(PARKED_COLLECTION).insertOne({ ...parked });
  };
}
