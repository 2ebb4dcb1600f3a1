import type { Ban, ListBansResponse } from '@forum/contracts';
import type { BanDoc } from '../models/ban.js';
import type { BanPage } from '../use-cases/list-bans.js';
import { presentPagination } from './pagination.js';

export const presentBan = (doc: BanDoc): Ban => ({
  user_id: doc.user_id.toHexString(),
  username: doc.username,
  reason: doc.reason,
  expires_at: doc.expires_at?.toISOString() ?? null,
  created_at: doc.created_at.toISOString(),
  moderator_username: doc.moderator_username,
});

export const presentBanPage = (page: BanPage): ListBansResponse => ({
  bans: page.bans.map(presentBan),
  pagination: presentPagination(page),
});
