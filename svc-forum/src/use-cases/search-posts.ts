import type { ContentSearchQuery } from '@forum/contracts';
import { readPageAndTotal, type AuthUser } from '@forum/service-kit';
import type { ParsedSearch } from '@forum/search-text';
import type { ForumModels } from '../models/index.js';
import { POST_LIST_FIELDS, type PostDoc } from '../models/post.js';
import { postSearchFilter, searchMatch, searchRead } from '../domain/search-query.js';
import type { Viewer } from '../policies/moderation-policy.js';
import {
  loadCallerState,
  loadListCallerState,
  type CallerState,
} from './shared/load-caller-state.js';
import { loadSearchScope } from './shared/search-scope.js';

export interface PostSearchPage {
  posts: PostDoc[];
  total: number;
  hasMore: boolean;
  state: CallerState;
  viewer: Viewer;
  /** What q asked for: the presenter marks it in each post. */
  parsed: ParsedSearch;
}

/**
 * GET /api/search/posts (EXTENSIONS §S): every word of q in the title or body, as the lists show
 * posts (no NSFW for visitors, removed ones only for their moderators and the admin, none being
 * deleted; locked ones are fine). The page and the count of the same filter in one read on the
 * text index (readPageAndTotal, straight through the driver: the filter holds stored types
 * only), then the caller's state for the page.
 */
export async function searchPosts(
  models: ForumModels,
  user: AuthUser | undefined,
  { q, community, sort, limit, offset }: ContentSearchQuery,
): Promise<PostSearchPage> {
  const { parsed, filter: match } = searchMatch(q);
  const scope = await loadSearchScope(models, user, community);
  const filter = postSearchFilter(scope.listFilter, scope.hidden, match);
  const empty = { posts: [], total: 0, hasMore: false, viewer: scope.viewer, parsed };
  if (!filter) return { ...empty, state: await loadCallerState(models, user, []) };
  const { rows: posts, total } = await readPageAndTotal<PostDoc>(
    models.Post,
    filter,
    searchRead(POST_LIST_FIELDS, sort, offset, limit),
  );
  const state = await loadListCallerState(models, user, posts);
  return { ...empty, posts, total, hasMore: offset + posts.length < total, state };
}
