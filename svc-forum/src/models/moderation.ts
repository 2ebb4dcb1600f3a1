import type { Connection } from 'mongoose';
import { defineBanModel, type BanModel } from './ban.js';
import { defineModeratorModel, type ModeratorModel } from './moderator.js';
import { defineModlogEntryModel, type ModlogEntryModel } from './modlog-entry.js';

/** The moderation collections (EXTENSIONS §M): the teams, bans and the public log. */
export interface ModerationModels {
  Moderator: ModeratorModel;
  Ban: BanModel;
  ModlogEntry: ModlogEntryModel;
}

export const createModerationModels = (conn: Connection): ModerationModels => ({
  Moderator: defineModeratorModel(conn),
  Ban: defineBanModel(conn),
  ModlogEntry: defineModlogEntryModel(conn),
});
