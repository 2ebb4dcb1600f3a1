import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Tabs, type TabDef } from '@forum/ui/Tabs';
import { SearchForm } from '../components/search/SearchForm';
import { SearchSortButtons } from '../components/search/SearchSortButtons';
import {
  CommentResults,
  CommunityResults,
  PostResults,
  UserResults,
} from '../components/search/SearchResults';
import { parseSearch, withParam } from '../lib/searchParams';
import type { SearchState, SearchType } from '../lib/searchParams';
import { SEARCH_MIN_LENGTH, SEARCH_TEXTS } from '../searchTexts';
import '../components/search/search.css';

const TABS: ReadonlyArray<TabDef<SearchType>> = [
  { key: 'posts', label: SEARCH_TEXTS.tabPosts },
  { key: 'comments', label: SEARCH_TEXTS.tabComments },
  { key: 'communities', label: SEARCH_TEXTS.tabCommunities },
  { key: 'users', label: SEARCH_TEXTS.tabUsers },
];

function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

function Results({ search }: { search: SearchState }) {
  const { q, type, sort, community } = search;
  if (type === 'posts') return <PostResults q={q} sort={sort} community={community} />;
  if (type === 'comments') return <CommentResults q={q} sort={sort} community={community} />;
  if (type === 'communities') return <CommunityResults q={q} />;
  return <UserResults q={q} />;
}

/**
 * /search?q=&type=&sort=&community= (EXTENSIONS §S): the page's field, the four result tabs, the
 * sort of posts and comments and the community filter. Everything lives in the URL, so a reload,
 * the back button or a shared link shows the same results.
 */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const search = parseSearch(params);
  const { q, type, sort, community } = search;
  useDocumentTitle(SEARCH_TEXTS.documentTitle(q));
  // Tabs, sort and filter replace the entry; a new query is a new one (Back returns to the last).
  const update = (name: 'type' | 'sort' | 'community', value: string | null) =>
    setParams((current) => withParam(current, name, value), { replace: true });
  const contentSearch = type === 'posts' || type === 'comments';

  return (
    <div className="forum-page forum-search" data-testid="search-page">
      <h1 className="forum-page__title">{SEARCH_TEXTS.title}</h1>
      <SearchForm
        q={q}
        onSearch={(next) => setParams((current) => withParam(current, 'q', next))}
      />
      {q.length < SEARCH_MIN_LENGTH ? (
        <p className="forum-muted" data-testid="search-too-short">
          {SEARCH_TEXTS.tooShort}
        </p>
      ) : (
        <Tabs
          tabs={TABS}
          value={type}
          label={SEARCH_TEXTS.tabsLabel}
          testIdPrefix="search"
          panelClassName="forum-search__panel"
          onChange={(next) => update('type', next)}
        >
          {contentSearch ? (
            <div className="forum-search__filters">
              <SearchSortButtons value={sort} onChange={(next) => update('sort', next)} />
              {community ? (
                <span className="forum-search__chip" data-testid="search-community-filter">
                  {SEARCH_TEXTS.inCommunity(community)}
                  <button
                    type="button"
                    className="forum-search__chip-remove"
                    aria-label={SEARCH_TEXTS.removeFilter(community)}
                    onClick={() => update('community', null)}
                    data-testid="search-community-filter-remove"
                  >
                    ×
                  </button>
                </span>
              ) : null}
            </div>
          ) : null}
          <Results search={search} />
        </Tabs>
      )}
    </div>
  );
}
