import type { Appeal } from '@forum/contracts';
import type { AppealDoc } from '../models/appeal.js';
import type { AppealPage } from '../use-cases/list-community-appeals.js';
import { presentPagination } from './pagination.js';

export const presentAppeal = (doc: AppealDoc): Appeal => ({
  id: doc._id.toHexString(),
  modlog_id: doc.modlog_id.toHexString(),
  community_id: doc.community_id.toHexString(),
  action: doc.action,
  target_type: doc.target_type,
  target_id: doc.target_id?.toHexString() ?? null,
  target_title: doc.target_title ?? null,
  appellant_username: doc.appellant_username,
  moderator_username: doc.moderator_username,
  action_reason: doc.action_reason ?? null,
  text: doc.text,
  status: doc.status,
  outcome: doc.outcome ?? null,
  decision_reason: doc.decision_reason ?? null,
  decided_by_username: doc.decided_by_username ?? null,
  created_at: doc.created_at.toISOString(),
  decided_at: doc.decided_at?.toISOString() ?? null,
});

export const presentAppealPage = (page: AppealPage) => ({
  appeals: page.appeals.map(presentAppeal),
  pagination: presentPagination(page),
});
