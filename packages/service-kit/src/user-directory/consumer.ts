import type { Connection, Model } from 'mongoose';
import type { JetStreamClient } from 'nats';
import { Streams } from '@forum/contracts';
import type { Logger } from '../logger.js';
import type { RunningConsumer } from '../nats/consumer.js';
import { startEventHandlers, type EventHandlerTuning } from '../nats/event-handlers.js';
import type { DirectoryUserDoc } from './model.js';
import { recordRegisteredUser, updateDirectoryUser } from './use-cases.js';

export interface UserDirectoryConsumerOptions<
  T extends DirectoryUserDoc = DirectoryUserDoc,
> extends EventHandlerTuning {
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
 * recordRegisteredUser, identity.user.updated -> updateDirectoryUser, each once per event id.
 */
export function startUserDirectoryConsumer<T extends DirectoryUserDoc>({
  model,
  onUserUpdated,
  ...options
}: UserDirectoryConsumerOptions<T>): Promise<RunningConsumer> {
  return startEventHandlers({
    ...options,
    stream: Streams.identity.name,
    handlers: {
      'identity.user.registered': (event) => recordRegisteredUser(model, event),
      'identity.user.updated': async (event) => {
        await updateDirectoryUser(model, event);
        onUserUpdated?.(event.user_id);
      },
    },
  });
}
