import type { ContentSearchQuery } from '@forum/contracts';
import { readPageAndTotal, type AuthUser } from '@forum/service-kit';
import type { ParsedSearch } from '@forum/search-text';
import type { ForumModels } from '../models/index.js';
import { SEARCH_COMMENT_FIELDS, type CommentDoc } from '../models/comment.js';
import { commentSearchFilter, searchMatch, searchRead } from '../domain/search-query.js';
import { completeCommentPage, type CommentPage } from './shared/comment-page.js';
import { loadSearchScope } from './shared/search-scope.js';

export interface CommentSearchPage extends CommentPage {
  /** What q asked for: the presenter marks it in each comment. */
  parsed: ParsedSearch;
}

/**
 * GET /api/search/comments (EXTENSIONS §S): every word of q in the text, never a deleted comment
 * nor one under a removed post or one being deleted; NSFW and removed comments as the lists show
 * them. The page and the count of the same filter in one read on the text index
 * (readPageAndTotal, straight through the driver: the filter holds stored types only). Each hit
 * comes with its post's title (never a removed one's) and community name.
 */
export async function searchComments(
  models: ForumModels,
  user: AuthUser | undefined,
  { q, community, sort, limit, offset }: ContentSearchQuery,
): Promise<CommentSearchPage> {
  const { parsed, filter: match } = searchMatch(q);
  const scope = await loadSearchScope(models, user, community);
  const filter = commentSearchFilter(scope.listFilter, scope.hidden, match);
  const { rows: comments, total } = filter
    ? await readPageAndTotal<CommentDoc>(
        models.Comment,
        filter,
        searchRead(SEARCH_COMMENT_FIELDS, sort, offset, limit),
      )
    : { rows: [], total: 0 };
  const page = await completeCommentPage(models, user, scope.viewer, comments, {
    total,
    offset,
    listed: comments.length,
  });
  return { ...page, parsed };
}
