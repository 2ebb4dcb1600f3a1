import type { ClientSession, Connection } from 'mongoose';
import { isDuplicateKeyError } from '../mongo.js';

export const PROCESSED_EVENTS_COLLECTION = 'processed_events';

export interface ProcessedEventGuard {
  /**
   * Run `effect` unless this consumer already processed the event id; returns false for a repeat.
   * The effect must itself be safe to repeat (upsert, or an insert with a unique source-event
   * index), because a crash between the effect and the record replays it.
   */
  once(
    consumer: string,
    eventId: string,
    effect: () => Promise<void>,
    options?: { session?: ClientSession },
  ): Promise<boolean>;
}

interface ProcessedDoc {
  _id: string;
  consumer: string;
  event_id: string;
  processed_at: Date;
}

/** Idempotency record per (consumer, event id): the unique _id makes a redelivery a no-op. */
export function processedEventGuard(conn: Connection): ProcessedEventGuard {
  const coll = conn.collection<ProcessedDoc>(PROCESSED_EVENTS_COLLECTION);
  return {
    async once(consumer, eventId, effect, { session } = {}) {
      const _id = `${consumer}:${eventId}`;
      if (await coll.findOne({ _id }, { projection: { _id: 1 }, session })) return false;
      await effect();
      try {
        await coll.insertOne(
          { _id, consumer, event_id: eventId, processed_at: new Date() },
          { session },
        );
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
      }
      return true;
    },
  };
}
