import type { ContentSearchQuery } from '@forum/contracts';
import { countLean, readLean, type AuthUser } from '@forum/service-kit';
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
 * deleted; locked ones are fine). One query on the text index for the page, one count of the
 * same filter (its candidates are the text index's), then the caller's state for the page; both
 * straight through the driver (readLean: the filter holds stored types only).
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
  const [posts, total] = await Promise.all([
    readLean<PostDoc>(models.Post, filter, searchRead(POST_LIST_FIELDS, sort, offset, limit)),
    countLean(models.Post, filter),
  ]);
  const state = await loadListCallerState(models, user, posts);
  return { ...empty, posts, total, hasMore: offset + posts.length < total, state };
}
