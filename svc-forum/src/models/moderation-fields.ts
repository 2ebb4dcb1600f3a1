import { Schema, type Types } from 'mongoose';

/**
 * What moderation keeps on a post or comment (EXTENSIONS §M2, §M4). Optional in the types:
 * documents written before moderation lack them (start-up backfills `removed`, which list
 * filters use; a missing lock or pin reads as false).
 */
export interface RemovalFields {
  removed?: boolean;
  removal_reason?: string | null;
  /** The remove_* log entry, for the author's appeal. */
  removal_modlog_id?: Types.ObjectId | null;
}

export interface PostModerationFields extends RemovalFields {
  locked?: boolean;
  pinned?: boolean;
  /** Pinned posts lead the community page, newest pin first. */
  pinned_at?: Date | null;
}

export const removalSchemaFields = {
  removed: { type: Boolean, default: false },
  removal_reason: { type: String, default: null },
  removal_modlog_id: { type: Schema.Types.ObjectId, default: null },
};

export const postModerationSchemaFields = {
  ...removalSchemaFields,
  locked: { type: Boolean, default: false },
  pinned: { type: Boolean, default: false },
  pinned_at: { type: Date, default: null },
};
