import type { SearchQuery } from '@forum/contracts';
import { countLean, readLean, type AuthUser } from '@forum/service-kit';
import { totalFromPage } from '@forum/search-text';
import type { Types } from 'mongoose';
import type { ForumModels } from '../models/index.js';
import type { CommunityDoc } from '../models/community.js';
import { NOT_DELETING } from '../models/deletion.js';
import { namePrefix, prefixRange, searchMatch, TEXT_SCORE } from '../domain/search-query.js';
import { byNameLength, concatenatedPage } from '../domain/search-page.js';
import type { CommunityPage } from './list-communities.js';

type Named = Pick<CommunityDoc, '_id' | 'name_lower'>;

/**
 * GET /api/search/communities (EXTENSIONS §S): the communities whose name starts with q (when q
 * is one name-like word), shortest name first, then those whose name or description has every
 * word of q (relevance), without the first ones again; offset and limit count over the two lists
 * together. Visitors get no NSFW community; one being deleted nobody.
 *
 * The prefix is a range of the name_lower index read whole (names only; as many as share the
 * prefix) to order it by length, then the page's share of both lists is read, straight through
 * the driver (readLean, countLean: every filter holds stored types).
 */
export async function searchCommunities(
  { Community }: ForumModels,
  user: AuthUser | undefined,
  { q, limit, offset }: SearchQuery,
): Promise<CommunityPage> {
  const shown = { ...NOT_DELETING, ...(user ? {} : { is_nsfw: false }) };
  const prefix = namePrefix(q);
  const named: Named[] = prefix
    ? await readLean<Named>(
        Community,
        { name_lower: prefixRange(prefix), ...shown },
        { projection: { name_lower: 1 } },
      )
    : [];
  const prefixed = byNameLength(named);
  const { filter: match } = searchMatch(q);
  const textFilter = match && {
    ...shown,
    ...match,
    ...(prefixed.length ? { _id: { $nin: prefixed.map((c) => c._id) } } : {}),
  };
  const slices = concatenatedPage(prefixed.length, offset, limit);
  const [first, rest] = await Promise.all([
    loadInOrder(
      Community,
      prefixed.slice(slices.first.skip, slices.first.end).map((c) => c._id),
    ),
    textFilter && slices.rest.limit > 0
      ? readLean<CommunityDoc>(Community, textFilter, {
          projection: TEXT_SCORE,
          sort: { ...TEXT_SCORE, _id: -1 },
          skip: slices.rest.skip,
          limit: slices.rest.limit,
        })
      : [],
  ]);
  // A short page of word matches tells their total (most searches): no count then.
  const textTotal = textFilter
    ? (totalFromPage(rest.length, slices.rest.skip, slices.rest.limit) ??
      (await countLean(Community, textFilter)))
    : 0;
  const communities = [...first, ...rest];
  const total = prefixed.length + textTotal;
  return { communities, total, hasMore: offset + communities.length < total };
}

/** The page's prefix matches by id, in the order the ids come. */
async function loadInOrder(
  Community: ForumModels['Community'],
  ids: Types.ObjectId[],
): Promise<CommunityDoc[]> {
  if (ids.length === 0) return [];
  const docs = await readLean<CommunityDoc>(Community, { _id: { $in: ids } });
  const byId = new Map(docs.map((d) => [d._id.toHexString(), d]));
  return ids.map((id) => byId.get(id.toHexString())).filter((d) => d !== undefined);
}
