import type { Connection } from 'mongoose';
import { defineBlockModel as defineReplica, type BlockModel } from '@forum/service-kit';

export type { BlockDoc, BlockModel } from '@forum/service-kit';

/**
 * The blocks replica (service-kit's block-replica). Its unique (blocker_id, blocked_id) index
 * serves every read here: refusing a message (has the recipient blocked the sender) and dropping
 * notifications (which of an event's recipients blocked its actor: blocker_id $in, blocked_id).
 */
export const defineBlockModel = (conn: Connection): BlockModel => defineReplica(conn);
