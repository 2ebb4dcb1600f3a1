import type { Types } from 'mongoose';
import type { ForumModels } from '../../models/index.js';
import type { Hidden } from '../../domain/hidden-filter.js';
import type { DeletionDoc } from '../../models/deletion.js';
import { freshValue, readLean, type FreshValue } from '@forum/service-kit';

/**
 * How long a process answers lists from its last read of the deletes in progress. They change
 * when a delete starts or ends, and every list reads them: under load, one read a second
 * instead of one per list. This process forgets them when it starts a delete (forgetHidden);
 * another replica's new delete leaves this one's lists within this age.
 */
export const HIDDEN_MAX_AGE_MS = 1000;

/** Per Deletion model, so each app (and each test's) keeps its own. */
const cached = new WeakMap<object, FreshValue<Hidden>>();

function hiddenOf(Deletion: ForumModels['Deletion']): FreshValue<Hidden> {
  let value = cached.get(Deletion);
  if (!value) {
    value = freshValue(() => readHidden(Deletion), HIDDEN_MAX_AGE_MS);
    cached.set(Deletion, value);
  }
  return value;
}

/**
 * The deletes in progress, for list reads (see domain/hidden-filter.ts for how lists leave them
 * out): a read of the collection that holds only the deletes running now, at most
 * HIDDEN_MAX_AGE_MS old. Shared by the lists: not to be changed.
 */
export const loadHidden = ({ Deletion }: Pick<ForumModels, 'Deletion'>): Promise<Hidden> =>
  hiddenOf(Deletion).get();

/** After this process started a delete (its transaction committed): the next list reads again. */
export const forgetHidden = ({ Deletion }: Pick<ForumModels, 'Deletion'>): void =>
  hiddenOf(Deletion).forget();

async function readHidden(Deletion: ForumModels['Deletion']): Promise<Hidden> {
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
