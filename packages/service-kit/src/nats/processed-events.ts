import { Schema, type ClientSession, type Connection, type Model } from 'mongoose';
import { isDuplicateKeyError } from '../mongo.js';

export const PROCESSED_EVENTS_COLLECTION = 'processed_events';

/**
 * How long a processed-event record is kept (TTL on processed_at). A record is only needed while
 * its event can still be delivered: redelivered, or read again by a new or reset durable, which
 * starts from the oldest event the stream keeps (DEFAULT_STREAM_MAX_AGE_MS, 7 days). 30 days is
 * well past that, so an expired record can never let an event apply twice.
 */
export const PROCESSED_EVENT_RETENTION_S = 30 * 24 * 60 * 60;

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

const MODEL_NAME = 'ProcessedEvent';

/**
 * The processed-events collection as a model on `conn`, so its TTL index is declared like every
 * other index and built (and awaited by ensureIndexes) at start-up. The guard writes through the
 * raw collection, with the handler's session when there is one.
 */
export function defineProcessedEventModel(conn: Connection): Model<ProcessedDoc> {
  const existing = conn.models[MODEL_NAME] as Model<ProcessedDoc> | undefined;
  if (existing) return existing;
  const schema = new Schema<ProcessedDoc>(
    {
      _id: { type: String, required: true },
      consumer: { type: String, required: true },
      event_id: { type: String, required: true },
      processed_at: { type: Date, required: true },
    },
    { collection: PROCESSED_EVENTS_COLLECTION, versionKey: false },
  );
  schema.index({ processed_at: 1 }, { expireAfterSeconds: PROCESSED_EVENT_RETENTION_S });
  return conn.model<ProcessedDoc>(MODEL_NAME, schema);
}

/** Idempotency record per (consumer, event id): the unique _id makes a redelivery a no-op. */
export function processedEventGuard(conn: Connection): ProcessedEventGuard {
  defineProcessedEventModel(conn);
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
