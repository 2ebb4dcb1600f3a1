import type { Connection } from 'mongoose';
import { defineBlockModel as defineReplica, type BlockModel } from '@forum/service-kit';

export type { BlockDoc, BlockModel } from '@forum/service-kit';

/**
 * The blocks replica (service-kit's block-replica, which also indexes `blocked_id` for an account
 * deletion) and the lists' read: the caller's active blocks, on every signed-in list (lifted
 * ones are not walked past).
 */
export const defineBlockModel = (conn: Connection): BlockModel =>
  defineReplica(conn, [{ blocker_id: 1, blocked: 1, blocked_id: 1 }]);
