import { TEXTS } from '../texts';

/** The header search's pure parts: where a search goes and what the suggestions list offers. */

/** The shortest query the search routes take (EXTENSIONS §S; the contracts stay out of the shell's first paint). */
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

/** The community whose pages are open (/c/{name}…), or null. */
export function communityOfPath(pathname: string): string | null {
  const match = /^\/c\/([^/]+)/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/** The DOM id of a listbox's option (the combobox's aria-activedescendant). */
export const optionId = (listboxId: string, index: number) => `${listboxId}-${index}`;

export type SuggestionGroup = 'search' | 'communities' | 'users';

export interface SuggestionOption {
  group: SuggestionGroup;
  /** What the option says (plain text). */
  label: string;
  /** Where picking it goes. */
  to: string;
  /** A second, quieter line (a community's members). */
  detail?: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The options in list order: search everywhere, search this community (on its pages), then the
 * communities and the users found. `q` is the trimmed query.
 */
export function suggestionOptions(
  q: string,
  community: string | null,
  communities: ReadonlyArray<{ name: string; member_count: number }>,
  users: ReadonlyArray<{ username: string }>,
): SuggestionOption[] {
  const options: SuggestionOption[] = [
    { group: 'search', label: TEXTS.searchFor(q), to: searchHref(q) },
  ];
  if (community !== null) {
    options.push({
      group: 'search',
      label: TEXTS.searchCommunity(community),
      to: searchHref(q, community),
    });
  }
  for (const c of communities) {
    options.push({
      group: 'communities',
      label: `c/${c.name}`,
      to: `/c/${encodeURIComponent(c.name)}`,
      detail: plural(c.member_count, 'member', 'members'),
    });
  }
  for (const u of users) {
    options.push({
      group: 'users',
      label: `u/${u.username}`,
      to: `/u/${encodeURIComponent(u.username)}`,
    });
  }
  return options;
}

/** Where a "/" is typed, not a shortcut: inputs, text areas, selects and editable content. */
export function isTypingTarget(target: EventTarget | null): boolean {
  const el = target as Partial<HTMLElement> | null;
  if (!el) return false;
  if (el.isContentEditable === true) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName ?? '');
}
