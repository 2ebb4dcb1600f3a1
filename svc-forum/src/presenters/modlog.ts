import type { ModlogEntry, ModlogResponse } from '@forum/contracts';
import type { ModlogEntryDoc } from '../models/modlog-entry.js';
import type { ModlogPage } from '../use-cases/shared/modlog-page.js';
import { presentPagination } from './pagination.js';

/** A public log entry: the moderator is always named (the log is transparent). */
export const presentModlogEntry = (doc: ModlogEntryDoc): ModlogEntry => ({
  id: doc._id.toHexString(),
  community_id: doc.community_id?.toHexString() ?? null,
  community_name: doc.community_name ?? null,
  action: doc.action,
  moderator_username: doc.moderator_username,
  target_type: doc.target_type,
  target_id: doc.target_id?.toHexString() ?? null,
  target_title: doc.target_title ?? null,
  target_username: doc.target_username ?? null,
  reason: doc.reason ?? null,
  expires_at: doc.expires_at?.toISOString() ?? null,
  created_at: doc.created_at.toISOString(),
});

export const presentModlogPage = (page: ModlogPage): ModlogResponse => ({
  entries: page.entries.map(presentModlogEntry),
  pagination: presentPagination(page),
});
