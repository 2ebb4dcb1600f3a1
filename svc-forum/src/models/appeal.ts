import { Schema, type Connection, type Model, type Types } from 'mongoose';
import {
  APPEAL_OUTCOMES,
  MODLOG_TARGETS,
  REPORT_STATUSES,
  type ModlogAction,
} from '@forum/contracts';
import type { ModlogTarget } from './modlog-entry.js';

export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];
export type AppealStatus = (typeof REPORT_STATUSES)[number];

/** The decisions an author or a banned user may appeal (EXTENSIONS §M6). */
export const APPEALABLE_ACTIONS = ['remove_post', 'remove_comment', 'ban_user'] as const;
export type AppealableAction = (typeof APPEALABLE_ACTIONS)[number];

export const isAppealable = (action: ModlogAction): action is AppealableAction =>
  (APPEALABLE_ACTIONS as readonly string[]).includes(action);

/**
 * An appeal of one log entry (EXTENSIONS §M6), at most one per entry. What the decision needs
 * (the community, the target, who acted) is copied from the entry, so deciding reads nothing else.
 */
export interface AppealDoc {
  _id: Types.ObjectId;
  modlog_id: Types.ObjectId;
  community_id: Types.ObjectId;
  community_name: string;
  community_nsfw: boolean;
  action: AppealableAction;
  target_type: ModlogTarget;
  target_id: Types.ObjectId | null;
  target_title: string | null;
  target_username: string | null;
  /** Where a click on the decision's notification leads: the item's post (null for a ban). */
  post_id: Types.ObjectId | null;
  appellant_id: Types.ObjectId;
  appellant_username: string;
  /** The moderator whose decision is appealed. */
  moderator_id: Types.ObjectId;
  moderator_username: string;
  action_reason: string | null;
  text: string;
  status: AppealStatus;
  outcome: AppealOutcome | null;
  decision_reason: string | null;
  decided_by_id: Types.ObjectId | null;
  decided_by_username: string | null;
  /** The appeal_overturned / appeal_upheld log entry. */
  decision_modlog_id: Types.ObjectId | null;
  created_at: Date;
  decided_at: Date | null;
}
export type AppealModel = Model<AppealDoc>;

const appealSchema = new Schema<AppealDoc>(
  {
    modlog_id: { type: Schema.Types.ObjectId, required: true },
    community_id: { type: Schema.Types.ObjectId, required: true },
    community_name: { type: String, required: true },
    community_nsfw: { type: Boolean, default: false },
    action: { type: String, enum: APPEALABLE_ACTIONS, required: true },
    target_type: { type: String, enum: MODLOG_TARGETS, required: true },
    target_id: { type: Schema.Types.ObjectId, default: null },
    target_title: { type: String, default: null },
    target_username: { type: String, default: null },
    post_id: { type: Schema.Types.ObjectId, default: null },
    appellant_id: { type: Schema.Types.ObjectId, required: true },
    appellant_username: { type: String, required: true },
    moderator_id: { type: Schema.Types.ObjectId, required: true },
    moderator_username: { type: String, required: true },
    action_reason: { type: String, default: null },
    text: { type: String, required: true },
    status: { type: String, enum: REPORT_STATUSES, required: true },
    outcome: { type: String, enum: [...APPEAL_OUTCOMES, null], default: null },
    decision_reason: { type: String, default: null },
    decided_by_id: { type: Schema.Types.ObjectId, default: null },
    decided_by_username: { type: String, default: null },
    decision_modlog_id: { type: Schema.Types.ObjectId, default: null },
    created_at: { type: Date, required: true },
    decided_at: { type: Date, default: null },
  },
  { collection: 'appeals', versionKey: false },
);

// Once per decision, whatever runs concurrently (a second appeal is a 409).
appealSchema.index({ modlog_id: 1 }, { unique: true });
// A community's queue (domain/appeal-query.ts): open ones oldest first, decided ones newest
// decision first; also the community delete's cascade.
appealSchema.index({ community_id: 1, status: 1, created_at: 1, _id: 1 });
appealSchema.index({ community_id: 1, status: 1, decided_at: -1, _id: -1 });

export const defineAppealModel = (conn: Connection): AppealModel =>
  (conn.models.Appeal as AppealModel | undefined) ?? conn.model<AppealDoc>('Appeal', appealSchema);
