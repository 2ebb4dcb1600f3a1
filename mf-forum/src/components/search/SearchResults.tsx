import { Spinner } from '@forum/ui';
import { useSearchComments } from '../../hooks/useSearchComments';
import { useSearchCommunities } from '../../hooks/useSearchCommunities';
import { useSearchPosts } from '../../hooks/useSearchPosts';
import { useSearchUsers } from '../../hooks/useSearchUsers';
import type { ContentSearch } from '../../hooks/useSearchResults';
import { PagedListSection } from '../PagedListSection';
import type { PagedListSectionProps } from '../PagedListSection';
import { PostListSkeleton } from '../PostCard';
import { SearchCommentCard } from './SearchCommentCard';
import { SearchCommunityCard } from './SearchCommunityCard';
import { SearchPostCard } from './SearchPostCard';
import { SearchUserCard } from './SearchUserCard';
import { SEARCH_TEXTS } from '../../searchTexts';

/** The states every result list shares: loading, Try Again, 'No results for "{q}"', Load More. */
const common = (q: string) =>
  ({
    errorTitle: SEARCH_TEXTS.failed,
    errorTestId: 'search-error',
    emptyText: SEARCH_TEXTS.noResults(q),
    emptyTestId: 'search-empty',
    listTestId: 'search-results',
    loadMoreTestId: 'search-load-more',
  }) satisfies Partial<PagedListSectionProps<{ id: string }>>;

const listLoading = <Spinner block data-testid="search-loading" />;

export function PostResults(props: ContentSearch) {
  const query = useSearchPosts(props);
  return (
    <PagedListSection
      {...common(props.q)}
      query={query}
      items={query.data?.pages.flatMap((p) => p.posts) ?? []}
      renderItem={(post) => <SearchPostCard post={post} />}
      loading={<PostListSkeleton count={3} testId="search-loading" />}
    />
  );
}

export function CommentResults(props: ContentSearch) {
  const query = useSearchComments(props);
  return (
    <PagedListSection
      {...common(props.q)}
      query={query}
      items={query.data?.pages.flatMap((p) => p.comments) ?? []}
      renderItem={(comment) => <SearchCommentCard comment={comment} />}
      loading={listLoading}
    />
  );
}

export function CommunityResults({ q }: { q: string }) {
  const query = useSearchCommunities(q);
  return (
    <PagedListSection
      {...common(q)}
      query={query}
      items={query.data?.pages.flatMap((p) => p.communities) ?? []}
      renderItem={(community) => <SearchCommunityCard community={community} />}
      loading={listLoading}
    />
  );
}

export function UserResults({ q }: { q: string }) {
  const query = useSearchUsers(q);
  return (
    <PagedListSection
      {...common(q)}
      query={query}
      items={query.data?.pages.flatMap((p) => p.users) ?? []}
      renderItem={(user) => <SearchUserCard user={user} />}
      loading={listLoading}
    />
  );
}
