/**
 * The shortest query the search routes take. The contracts' SEARCH_MIN_CHARS and
 * SEARCH_TERMS_TEXT are copied here, not imported: their module would bring zod into the page's
 * chunk (searchTexts.test.ts keeps the copies equal).
 */
export const SEARCH_MIN_LENGTH = 2;

/** The /search page's texts (EXTENSIONS §S). */
export const SEARCH_TEXTS = {
  tooShort: 'Search terms must be at least 2 characters',
  title: 'Search',
  documentTitle: (q: string) => (q ? `Search: ${q}` : 'Search'),
  formLabel: 'Search the forum',
  fieldLabel: 'Search terms',
  submit: 'Search',
  tabsLabel: 'Search results',
  tabPosts: 'Posts',
  tabComments: 'Comments',
  tabCommunities: 'Communities',
  tabUsers: 'Users',
  sortLabel: 'Sort results',
  sortRelevance: 'Relevance',
  sortNew: 'New',
  sortTop: 'Top',
  inCommunity: (name: string) => `in c/${name}`,
  removeFilter: (name: string) => `Remove filter: c/${name}`,
  noResults: (q: string) => `No results for "${q}"`,
  failed: 'Failed to load search results',
  point: 'point',
  points: 'points',
} as const;
