import type { Types } from 'mongoose';
import type { ForumModels } from '../../models/index.js';
import type { Hidden } from '../../domain/hidden-filter.js';
import type { DeletionDoc } from '../../models/deletion.js';
import { readLean } from '@forum/service-kit';

/**
 * The deletes in progress, for list reads (one query on a collection that holds only the
 * deletes running now). See domain/hidden-filter.ts for how lists leave them out.
 */
export async function loadHidden({ Deletion }: Pick<ForumModels, 'Deletion'>): Promise<Hidden> {
  const rows = await readLean<Pick<DeletionDoc, '_id' | 'kind'>>(
    Deletion,
    {},
    {
      projection: { kind: 1 },
    },
  );
  return {
    communities: rows.filter((r) => r.kind === 'community').map((r) => r._id),
    posts: rows.filter((r) => r.kind === 'post').map((r) => r._id),
  };
}

/** For single reads: is one of these (a post, its community) being deleted? */
export async function isBeingDeleted(
  { Deletion }: Pick<ForumModels, 'Deletion'>,
  ids: Types.ObjectId[],
): Promise<boolean> {
  const found = await readLean(
    Deletion,
    { _id: { $in: ids } },
    { projection: { _id: 1 }, limit: 1 },
  );
  return found.length > 0;
}
