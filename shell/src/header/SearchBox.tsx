import { lazy, Suspense, useId, useRef, useState } from 'react';
import type { FocusEvent, FormEvent, KeyboardEvent, Ref } from 'react';
import { useNavigate } from 'react-router-dom';
import { SEARCH_MIN_LENGTH, optionId, searchHref } from './searchOptions';
import type { SuggestionKeys } from './SearchSuggestions';
import { TEXTS } from '../texts';

// The suggestions (their requests, list and arrow keys) are a chunk of their own, loaded on the
// first focus: the first paint carries only this input.
const SearchSuggestions = lazy(() => import('./SearchSuggestions'));

/**
 * The header's search field (EXTENSIONS §S): a WAI-ARIA combobox whose listbox suggests
 * communities and users. Enter searches (or opens the active option), Escape closes the list
 * and a second Escape clears the field.
 */
export function SearchBox({
  inputRef,
  className,
  testId,
}: {
  inputRef: Ref<HTMLInputElement>;
  className: string;
  testId: string;
}) {
  const navigate = useNavigate();
  const listboxId = useId();
  const [query, setQuery] = useState('');
  const [engaged, setEngaged] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const keys = useRef<SuggestionKeys | null>(null);
  const q = query.trim();
  const expanded = open && q.length >= SEARCH_MIN_LENGTH;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const go = (to: string) => {
    close();
    setQuery('');
    void navigate(to);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (q) go(searchHref(q));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (keys.current?.(e.key)) {
      e.preventDefault();
      return;
    }
    if (e.key !== 'Escape' || (!expanded && !query)) return;
    // Handled here: the phone menu (which listens for Escape on the document) stays open.
    e.preventDefault();
    e.stopPropagation();
    if (expanded) close();
    else setQuery('');
  };
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget)) close();
  };

  return (
    <div className={`shell-search ${className}`} onBlur={onBlur}>
      <form role="search" aria-label={TEXTS.search} onSubmit={onSubmit}>
        <input
          ref={inputRef}
          type="text"
          role="combobox"
          aria-label={TEXTS.search}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={expanded && active >= 0 ? optionId(listboxId, active) : undefined}
          placeholder={TEXTS.search}
          enterKeyHint="search"
          autoComplete="off"
          spellCheck={false}
          className="shell-search__input"
          value={query}
          onFocus={() => setEngaged(true)}
          onKeyDown={onKeyDown}
          onChange={(e) => {
            setQuery(e.target.value);
            setEngaged(true);
            setOpen(true);
            setActive(-1);
          }}
          data-testid={testId}
        />
      </form>
      <div
        id={listboxId}
        role="listbox"
        aria-label={TEXTS.searchSuggestions}
        className="shell-search__list"
        hidden={!expanded}
        data-testid={`${testId}-suggestions`}
      >
        {engaged ? (
          <Suspense fallback={null}>
            <SearchSuggestions
              query={q}
              expanded={expanded}
              active={active}
              listboxId={listboxId}
              keys={keys}
              onOpen={() => setOpen(true)}
              onActive={setActive}
              onPick={go}
            />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
