import type { Types } from 'mongoose';

/**
 * The communities whose removed items a reader sees in lists (EXTENSIONS §M4): 'all' for the
 * admin, else the ones they moderate (none for most readers).
 */
export type RemovedSeen = 'all' | readonly Types.ObjectId[];

type Filter = Record<string, unknown>;

const isInList = (scope: unknown): scope is { $in: Types.ObjectId[] } =>
  typeof scope === 'object' && scope !== null && '$in' in scope;

/** Does a list filter's community_id (absent, one id, or {$in: ids}) include this community? */
function covers(scope: unknown, id: Types.ObjectId): boolean {
  if (scope === undefined) return true;
  if (isInList(scope)) return scope.$in.some((c) => c.equals(id));
  return (scope as Types.ObjectId).equals(id);
}

/**
 * §M4's rule on a post or comment list filter, keeping every shape on an index that has
 * `removed` among its equality fields: most readers get `removed: false`; the admin, and a
 * community's moderators on its page, get both values ($in merges the two index runs in sort
 * order); a moderator's other lists add their communities' removed items as a second branch.
 */
export function withRemovalRule(filter: Filter, seen: RemovedSeen): Filter {
  const both = { ...filter, removed: { $in: [false, true] } };
  if (seen === 'all') return both;
  const scope = filter.community_id;
  const mine = seen.filter((id) => covers(scope, id));
  if (mine.length === 0) return { ...filter, removed: false };
  if (scope !== undefined && !isInList(scope)) return both;
  return {
    $or: [
      { ...filter, removed: false },
      { ...filter, removed: true, community_id: { $in: mine } },
    ],
  };
}
