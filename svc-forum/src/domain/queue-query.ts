import type { Types } from 'mongoose';

export type QueueStatus = 'open' | 'closed';

/** Open items oldest first (the longest waiting on top); closed ones newest decision first. */
export const OPEN_SORT = { created_at: 1, _id: 1 } as const;
export const REPORTS_CLOSED_SORT = { resolved_at: -1, _id: -1 } as const;
export const APPEALS_CLOSED_SORT = { decided_at: -1, _id: -1 } as const;

export interface QueueScope {
  /** One community's queue; absent: the admin's site-wide reports (messages included). */
  communityId?: Types.ObjectId;
  status: QueueStatus;
}

/**
 * The one place the report and appeal queues' filters and sorts are built
 * (report-indexes.test.ts checks each shape has an index).
 */
export function reportQueue({ communityId, status }: QueueScope) {
  return {
    filter: { ...(communityId ? { community_id: communityId } : {}), status },
    sort: status === 'open' ? OPEN_SORT : REPORTS_CLOSED_SORT,
  };
}

export function appealQueue({ communityId, status }: Required<QueueScope>) {
  return {
    filter: { community_id: communityId, status },
    sort: status === 'open' ? OPEN_SORT : APPEALS_CLOSED_SORT,
  };
}
