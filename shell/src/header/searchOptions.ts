/**
 * What the header's search field needs before its suggestions load (the first paint): where a
 * search goes, the option ids and what makes "/" a shortcut.
 */

/** The shortest query the search routes take: the contracts' SEARCH_MIN_CHARS (not imported: zod). */
export const SEARCH_MIN_LENGTH = 2;

/** /search?q=… (and the community filter of "Search c/{name}", which searches posts). */
export function searchHref(q: string, community?: string): string {
  const params = new URLSearchParams({ q });
  if (community !== undefined) {
    params.set('type', 'posts');
    params.set('community', community);
  }
  return `/search?${params.toString()}`;
}

/** The DOM id of a listbox's option (the combobox's aria-activedescendant). */
export const optionId = (listboxId: string, index: number) => `${listboxId}-${index}`;

/** Where a "/" is typed, not a shortcut: inputs, text areas, selects and editable content. */
export function isTypingTarget(target: EventTarget | null): boolean {
  const el = target as Partial<HTMLElement> | null;
  if (!el) return false;
  if (el.isContentEditable === true) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName ?? '');
}
