import type { Connection } from 'mongoose';
import type { JetStreamClient } from 'nats';
import { Streams, Subjects, schemaForSubject, type EventOf } from '@forum/contracts';
import {
  parkedMessageStore,
  processedEventGuard,
  startConsumer,
  type Logger,
  type RunningConsumer,
} from '@forum/service-kit';
import type { MessagingModels } from '../models/index.js';
import { recordRegisteredUser } from '../use-cases/record-registered-user.js';
import { updateDirectoryUser } from '../use-cases/update-directory-user.js';

export const DIRECTORY_DURABLE = 'messaging-user-directory';

type DirectoryEvent =
  EventOf<typeof Subjects.UserRegistered> | EventOf<typeof Subjects.UserUpdated>;

/** Keeps the user directory replica in step with identity. */
export function startDirectoryConsumer(deps: {
  js: JetStreamClient;
  conn: Connection;
  models: MessagingModels;
  logger: Logger;
  /** Told after an identity.user.updated is handled (drops the user from the is-active cache). */
  onUserUpdated?: (userId: string) => void;
  maxDeliver?: number;
}): Promise<RunningConsumer> {
  const guard = processedEventGuard(deps.conn);
  return startConsumer<DirectoryEvent>({
    js: deps.js,
    stream: Streams.identity.name,
    durable: DIRECTORY_DURABLE,
    subjects: [Subjects.UserRegistered, Subjects.UserUpdated],
    schemaFor: (subject) => schemaForSubject(subject) as never,
    logger: deps.logger,
    ...(deps.maxDeliver ? { maxDeliver: deps.maxDeliver } : {}),
    onPark: parkedMessageStore(deps.conn),
    handler: async (event, { subject, log }) => {
      const applied = await guard.once(DIRECTORY_DURABLE, event.id, () =>
        subject === Subjects.UserRegistered
          ? recordRegisteredUser(deps.models, event as EventOf<typeof Subjects.UserRegistered>)
          : updateDirectoryUser(deps.models, event as EventOf<typeof Subjects.UserUpdated>),
      );
      if (subject === Subjects.UserUpdated) {
        deps.onUserUpdated?.((event as EventOf<typeof Subjects.UserUpdated>).user_id);
      }
      log.debug(
        { eventId: event.id, applied },
        applied ? 'directory updated' : 'duplicate event ignored',
      );
    },
  });
}
