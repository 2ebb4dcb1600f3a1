import type { Connection } from 'mongoose';
import type { EventOutbox, MediaStore } from '@forum/service-kit';
import type { ForumModels } from './models/index.js';

/** Where use cases publish events: the outbox (stored next to the data, relayed with retry). */
export type EventSink = Pick<EventOutbox, 'add'>;

/** The forum's image stores (ARCHITECTURE §6): community logos and post images. */
export interface ForumMedia {
  logos: MediaStore;
  posts: MediaStore;
}

/** What use cases get: models, the raw connection (collection totals for stats), events. */
export interface ForumDeps {
  models: ForumModels;
  conn: Connection;
  events: EventSink;
  media: ForumMedia;
}
