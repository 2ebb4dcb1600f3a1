import type { Connection } from 'mongoose';
import type { EventOutbox, LivePublisher } from '@forum/service-kit';
import type { MessagingModels } from './models/index.js';

/** Where use cases publish events: the outbox (stored next to the data, relayed with retry). */
export type Outbox = Pick<EventOutbox, 'add'>;

/** What use cases get. */
export interface MessagingDeps {
  models: MessagingModels;
  outbox: Outbox;
  /** For inTransaction: writes that must stand or fall together. */
  conn: Connection;
  /** Live hints to open streams (EXTENSIONS §L), published after a write commits. */
  live: LivePublisher;
}
