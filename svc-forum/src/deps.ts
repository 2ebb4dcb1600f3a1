import type { Connection } from 'mongoose';
import type { EventOutbox, MediaStore } from '@forum/service-kit';
import type { ForumModels } from './models/index.js';

/** The forum's image stores (ARCHITECTURE §6): community logos and post images. */
export interface ForumMedia {
  logos: MediaStore;
  posts: MediaStore;
}

/** What use cases get: models, the raw connection (collection totals for stats), the outbox. */
export interface ForumDeps {
  models: ForumModels;
  conn: Connection;
  /** Where use cases publish events: stored next to the data, relayed to NATS with retry. */
  outbox: Pick<EventOutbox, 'add'>;
  media: ForumMedia;
  /** ADMIN_USERNAME: the site admin, who cannot be banned (EXTENSIONS §M2). */
  adminUsername: string;
  elections: ElectionSettings;
}

/** Election rules from config (EXTENSIONS §E, docs/ELECTIONS.md). */
export interface ElectionSettings {
  /** ELECTION_MIN_PHASE_SECONDS. */
  minPhaseSeconds: number;
  /** ELECTION_BALLOT_SECRET: the HMAC key of the ballot store. */
  ballotSecret: string;
}
