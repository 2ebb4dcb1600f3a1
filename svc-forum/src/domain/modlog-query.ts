import type { Types } from 'mongoose';
import type { ModlogAction } from '@forum/contracts';

/** Newest first; _id keeps pages stable among entries of the same millisecond. */
export const MODLOG_SORT = { created_at: -1, _id: -1 } as const;

export interface ModlogScope {
  /** One community's log; absent: the site-wide log. */
  communityId?: Types.ObjectId;
  /** Visitors' site-wide log leaves NSFW communities out. */
  visitor: boolean;
  action?: ModlogAction | undefined;
}

/** The one place modlog filters are built (modlog-indexes.test.ts checks each has an index). */
export function modlogFilter({ communityId, visitor, action }: ModlogScope) {
  const filter: Record<string, unknown> = {};
  if (communityId) filter.community_id = communityId;
  // A community's own log is all NSFW or not: the route decides who may read it.
  else if (visitor) filter.community_nsfw = false;
  if (action) filter.action = action;
  return filter;
}
