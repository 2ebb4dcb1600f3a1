import { searchHref } from './searchOptions';
import { TEXTS } from '../texts';

/** What the suggestions list offers (part of the suggestions' lazy chunk). */

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
