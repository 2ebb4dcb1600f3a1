import type { ModlogQuery } from '@forum/contracts';
import type { ForumModels } from '../../models/index.js';
import type { ModlogEntryDoc } from '../../models/modlog-entry.js';
import { MODLOG_SORT, modlogFilter, type ModlogScope } from '../../domain/modlog-query.js';

export interface ModlogPage {
  entries: ModlogEntryDoc[];
  total: number;
  hasMore: boolean;
}

/** One indexed page of the log and its count. */
export async function findModlogPage(
  { ModlogEntry }: Pick<ForumModels, 'ModlogEntry'>,
  scope: Omit<ModlogScope, 'action'>,
  { limit, offset, action }: ModlogQuery,
): Promise<ModlogPage> {
  const filter = modlogFilter({ ...scope, action });
  const [entries, total] = await Promise.all([
    ModlogEntry.find(filter).sort(MODLOG_SORT).skip(offset).limit(limit).lean<ModlogEntryDoc[]>(),
    ModlogEntry.countDocuments(filter),
  ]);
  return { entries, total, hasMore: offset + entries.length < total };
}
