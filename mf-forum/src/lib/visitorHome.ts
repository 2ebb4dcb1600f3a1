import { api, tokenStore } from '@forum/sdk';
import { HOME_SORT_KEY, readStoredSort } from '../hooks/useStoredSort';

/** The visitor's home: its recent discussions, 20 a page, sorted as last chosen ('new' at first). */
export const VISITOR_PAGE_SIZE = 20;

/**
 * A visitor opening /: the home list's first page is asked for now, with the forum's first
 * module, not after the home page's chunk has loaded and rendered; the page's PostFeed call
 * (same route and query) takes this answer.
 */
export function preloadVisitorHome(): void {
  if (typeof window === 'undefined' || window.location.pathname !== '/') return;
  if (tokenStore.getToken()) return;
  api.preload('GET /api/posts', {
    query: { sort: readStoredSort(HOME_SORT_KEY, 'new'), limit: VISITOR_PAGE_SIZE, offset: 0 },
  });
}
