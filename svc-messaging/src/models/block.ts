import type { Connection } from 'mongoose';
import { defineBlockModel as defineReplica, type BlockModel } from '@forum/service-kit';

export type { BlockDoc, BlockModel } from '@forum/service-kit';

/**
 * The blocks replica (service-kit's block-replica). Its unique (blocker_id, blocked_id) index
 * serves refusing a message (has the recipient blocked the sender), dropping notifications (which
 * of an event's recipients blocked its actor: blocker_id $in, blocked_id) and an account
 * deletion's rows as blocker; the kit's own (blocked_id) serves the deletion's rows as blocked.
 */
export const defineBlockModel = (conn: Connection): BlockModel => defineReplica(conn);
