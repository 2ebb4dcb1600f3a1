import type { Connection, Model } from 'mongoose';
import type { JetStreamClient } from 'nats';
import { Streams, Subjects, schemaForSubject, type EventOf } from '@forum/contracts';
import type { Logger } from '../logger.js';
import {
  startConsumer,
  type RunningConsumer,
  type StartConsumerOptions,
} from '../nats/consumer.js';
import { parkedMessageStore } from '../nats/parked-store.js';
import { processedEventGuard } from '../nats/processed-events.js';
import type { DirectoryUserDoc } from './model.js';
import { recordRegisteredUser, updateDirectoryUser } from './use-cases.js';

type DirectoryEvent =
  EventOf<typeof Subjects.UserRegistered> | EventOf<typeof Subjects.UserUpdated>;

export interface UserDirectoryConsumerOptions<
  T extends DirectoryUserDoc = DirectoryUserDoc,
> extends Partial<
  Pick<
    StartConsumerOptions<DirectoryEvent>,
    'maxDeliver' | 'backoffBaseMs' | 'backoffMaxMs' | 'ackWaitMs'
  >
> {
  js: JetStreamClient;
  conn: Connection;
  /** The service's directory model (defineDirectoryUserModel). */
  model: Model<T>;
  /** The service's own durable name (also the processed_events consumer key); never change it. */
  durable: string;
  logger: Logger;
  /** Told after an identity.user.updated is handled (drops the user from the is-active cache). */
  onUserUpdated?: (userId: string) => void;
}

/**
 * Keeps a service's user directory replica in step with identity: identity.user.registered ->
 * recordRegisteredUser, identity.user.updated -> updateDirectoryUser, each once per event id
 * (processed_events), parked messages in parked_events.
 */
export function startUserDirectoryConsumer<T extends DirectoryUserDoc>({
  js,
  conn,
  model,
  durable,
  logger,
  onUserUpdated,
  ...tuning
}: UserDirectoryConsumerOptions<T>): Promise<RunningConsumer> {
  const guard = processedEventGuard(conn);
  return startConsumer<DirectoryEvent>({
    js,
    stream: Streams.identity.name,
    durable,
    subjects: [Subjects.UserRegistered, Subjects.UserUpdated],
    schemaFor: (subject) => schemaForSubject(subject) as never,
    logger,
    onPark: parkedMessageStore(conn),
    ...tuning, // undefined keeps startConsumer's defaults
    handler: async (event, { subject, log }) => {
      const applied = await guard.once(durable, event.id, () =>
        subject === Subjects.UserRegistered
          ? recordRegisteredUser(model, event as EventOf<typeof Subjects.UserRegistered>)
          : updateDirectoryUser(model, event as EventOf<typeof Subjects.UserUpdated>),
      );
      if (subject === Subjects.UserUpdated) {
        onUserUpdated?.((event as EventOf<typeof Subjects.UserUpdated>).user_id);
      }
      log.debug(
        { eventId: event.id, applied },
        applied ? 'directory updated' : 'duplicate event ignored',
      );
    },
  });
}
