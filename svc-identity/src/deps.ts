import type { Connection } from 'mongoose';
import type { EventOutbox, Logger } from '@forum/service-kit';
import type { IdentityConfig } from './config.js';
import type { SigningKeys } from './keys/signing-keys.js';
import type { IdentityModels } from './models/index.js';
import type { PasswordHasher } from './domain/passwords.js';
import type { Mailer } from './mail/mailer.js';
import type { AvatarStore } from './services/avatar-store.js';

/** What use cases need, built once per service (server.ts) and handed to the routes. */
export interface IdentityDeps {
  models: IdentityModels;
  /** For inTransaction: writes that must stand or fall together. */
  conn: Connection;
  config: IdentityConfig;
  keys: SigningKeys;
  outbox: Pick<EventOutbox, 'add'>;
  passwords: PasswordHasher;
  mailer: Mailer;
  avatars: AvatarStore;
  logger: Logger;
  now: () => Date;
}
