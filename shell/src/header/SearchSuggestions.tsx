import { useLayoutEffect } from 'react';
import type { RefObject } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { useApi } from '@forum/sdk';
import { useDebouncedValue } from '@forum/ui/useDebouncedValue';
import { SEARCH_MIN_LENGTH, optionId } from './searchOptions';
import { communityOfPath, suggestionOptions } from './suggestionOptions';
import type { SuggestionGroup, SuggestionOption } from './suggestionOptions';
import { TEXTS } from '../texts';

/** The combobox's keys this part handles (it knows the options); true when it handled one. */
export type SuggestionKeys = (key: string) => boolean;

const DEBOUNCE_MS = 150;
const LIMIT = 5;

const GROUP_LABELS: Record<Exclude<SuggestionGroup, 'search'>, string> = {
  communities: TEXTS.communities,
  users: TEXTS.users,
};

/**
 * The options of the header's search listbox: "Search for …", "Search c/{name}" on a
 * community's pages, then the communities and users the search routes suggest (150 ms after the
 * last key; a superseded request is aborted, and each answer is kept under its own query).
 */
export default function SearchSuggestions({
  query,
  expanded,
  active,
  listboxId,
  keys,
  onOpen,
  onActive,
  onPick,
}: {
  /** Trimmed. */
  query: string;
  expanded: boolean;
  active: number;
  listboxId: string;
  keys: RefObject<SuggestionKeys | null>;
  onOpen: () => void;
  onActive: (index: number) => void;
  onPick: (to: string) => void;
}) {
  const api = useApi();
  const { pathname } = useLocation();
  const debounced = useDebouncedValue(query, DEBOUNCE_MS);
  const enabled = debounced.length >= SEARCH_MIN_LENGTH;
  const request = { query: { q: debounced, limit: LIMIT } };
  const communities = useQuery({
    queryKey: ['search-suggestions', 'communities', debounced],
    queryFn: ({ signal }) => api.call('GET /api/search/communities', request, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
  const users = useQuery({
    queryKey: ['search-suggestions', 'users', debounced],
    queryFn: ({ signal }) => api.call('GET /api/search/users', request, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
  // The groups show what the last finished request found; nothing once the field is too short.
  const shown = query.length >= SEARCH_MIN_LENGTH;
  const options = suggestionOptions(
    query,
    communityOfPath(pathname),
    shown ? (communities.data?.communities ?? []) : [],
    shown ? (users.data?.users ?? []) : [],
  );

  useLayoutEffect(() => {
    keys.current = (key) => {
      if (key === 'ArrowDown' || key === 'ArrowUp') {
        if (!expanded) {
          onOpen();
          return true;
        }
        const step = key === 'ArrowDown' ? 1 : -1;
        const n = options.length;
        onActive(active < 0 ? (step > 0 ? 0 : n - 1) : (active + step + n) % n);
        return true;
      }
      const option = options[active];
      if (key === 'Enter' && expanded && option) {
        onPick(option.to);
        return true;
      }
      return false;
    };
    return () => {
      keys.current = null;
    };
  });

  const renderOption = (option: SuggestionOption) => {
    const index = options.indexOf(option);
    return (
      <li
        key={option.to}
        id={optionId(listboxId, index)}
        role="option"
        aria-selected={index === active}
        className="shell-search__option"
        // Keeps focus in the field, so the list does not close before the click.
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => onPick(option.to)}
        data-testid={`search-option-${option.group}`}
      >
        <span className="shell-search__label">{option.label}</span>
        {option.detail ? <span className="shell-search__detail">{option.detail}</span> : null}
      </li>
    );
  };

  const groups = (['communities', 'users'] as const)
    .map((group) => ({ group, items: options.filter((o) => o.group === group) }))
    .filter((g) => g.items.length > 0);
  return (
    <>
      <ul role="group" aria-label={TEXTS.search} className="shell-search__group">
        {options.filter((o) => o.group === 'search').map(renderOption)}
      </ul>
      {groups.map(({ group, items }) => (
        <ul
          key={group}
          role="group"
          aria-labelledby={`${listboxId}-${group}`}
          className="shell-search__group"
        >
          <li
            id={`${listboxId}-${group}`}
            role="presentation"
            className="shell-search__group-label"
          >
            {GROUP_LABELS[group]}
          </li>
          {items.map(renderOption)}
        </ul>
      ))}
    </>
  );
}
