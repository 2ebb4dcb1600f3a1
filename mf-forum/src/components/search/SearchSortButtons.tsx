import type { SearchSort } from '@forum/contracts';
import { cx } from '@forum/ui';
import { SEARCH_SORTS } from '../../lib/searchParams';
import { SEARCH_TEXTS } from '../../searchTexts';

const LABELS: Record<SearchSort, string> = {
  relevance: SEARCH_TEXTS.sortRelevance,
  new: SEARCH_TEXTS.sortNew,
  top: SEARCH_TEXTS.sortTop,
};

/** Relevance / New / Top: toggle buttons (aria-pressed), styled as the feeds' sort. */
export function SearchSortButtons({
  value,
  onChange,
}: {
  value: SearchSort;
  onChange: (sort: SearchSort) => void;
}) {
  return (
    <div
      className="forum-sort"
      role="group"
      aria-label={SEARCH_TEXTS.sortLabel}
      data-testid="search-sort"
    >
      {SEARCH_SORTS.map((sort) => (
        <button
          key={sort}
          type="button"
          className={cx('forum-sort__btn', value === sort && 'is-active')}
          aria-pressed={value === sort}
          onClick={() => onChange(sort)}
          data-testid={`search-sort-${sort}`}
        >
          {LABELS[sort]}
        </button>
      ))}
    </div>
  );
}
