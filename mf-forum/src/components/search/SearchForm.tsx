import { useId, useState } from 'react';
import { Button } from '@forum/ui';
import { SEARCH_TEXTS } from '../../searchTexts';

/** The page's own search field, prefilled with the current query; submitting searches anew. */
export function SearchForm({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [value, setValue] = useState(q);
  // A new query from elsewhere (the header box, back and forward) replaces what is typed here.
  const [shown, setShown] = useState(q);
  if (shown !== q) {
    setShown(q);
    setValue(q);
  }
  return (
    <form
      role="search"
      aria-label={SEARCH_TEXTS.formLabel}
      className="forum-search__form"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(value.trim());
      }}
    >
      <label htmlFor={id} className="ui-sr-only">
        {SEARCH_TEXTS.fieldLabel}
      </label>
      <input
        id={id}
        type="search"
        className="ui-input forum-search__input"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        enterKeyHint="search"
        data-testid="search-page-input"
      />
      <Button type="submit" data-testid="search-page-submit">
        {SEARCH_TEXTS.submit}
      </Button>
    </form>
  );
}
