import type { ModlogAction, ModlogEntry } from '@forum/contracts';
import { MODERATION_TEXTS } from '../moderationTexts';
import { formatDate, stripMarkup } from './display';

/**
 * Display rules of the community moderation screens (EXTENSIONS §M3, §M8). Pure: the action
 * list comes from TEXTS (typed against the contract's enum), so no contracts runtime (zod) is
 * pulled into the page chunks.
 */

const ACTION_LABELS: Record<ModlogAction, string> = MODERATION_TEXTS.modlogActions;

/** Every log action, in the contract's order, with its words (the filter's options). */
export const MODLOG_ACTION_OPTIONS = Object.entries(ACTION_LABELS).map(([value, label]) => ({
  value: value as ModlogAction,
  label,
}));

export function modlogActionLabel(action: ModlogAction): string {
  return ACTION_LABELS[action];
}

/** `?action=` of the log pages: a known action, or undefined (an unknown value shows all). */
export function parseModlogAction(value: string | null | undefined): ModlogAction | undefined {
  return value && Object.hasOwn(ACTION_LABELS, value) ? (value as ModlogAction) : undefined;
}

/** A ban's end: its date, or "permanent" when it never expires (§M2: `days` absent). */
export function banEndText(expiresAt: string | null): string {
  return expiresAt ? formatDate(expiresAt) : MODERATION_TEXTS.banPermanent;
}

export const communityPath = (name: string) => `/c/${encodeURIComponent(name)}`;
export const userPath = (username: string) => `/u/${encodeURIComponent(username)}`;
export const postPath = (id: string) => `/post/${encodeURIComponent(id)}`;
/** A comment's page is its post's: this route asks the comment for its post, then goes there. */
export const commentPath = (communityName: string, id: string) =>
  `${communityPath(communityName)}/comment/${encodeURIComponent(id)}`;

/** What a log entry (or an appeal) acted on: words and, where there is one, a page to open. */
export interface TargetView {
  text: string;
  to: string | null;
}

export function modlogTarget(
  entry: Pick<
    ModlogEntry,
    'action' | 'target_type' | 'target_id' | 'target_title' | 'target_username' | 'community_name'
  >,
): TargetView {
  const title = entry.target_title
    ? stripMarkup(entry.target_title)
    : MODERATION_TEXTS.modlogDeletedItem;
  switch (entry.target_type) {
    case 'post':
      return { text: title, to: entry.target_id ? postPath(entry.target_id) : null };
    case 'comment':
      return {
        text: `${MODERATION_TEXTS.modlogCommentOn} “${title}”`,
        to:
          entry.target_id && entry.community_name
            ? commentPath(entry.community_name, entry.target_id)
            : null,
      };
    case 'user':
      return entry.target_username
        ? { text: `u/${entry.target_username}`, to: userPath(entry.target_username) }
        : { text: MODERATION_TEXTS.modlogDeletedItem, to: null };
    case 'community':
      if (!entry.community_name) return { text: MODERATION_TEXTS.modlogDeletedItem, to: null };
      // A removed community has no page left to open.
      return {
        text: `c/${entry.community_name}`,
        to: entry.action === 'remove_community' ? null : communityPath(entry.community_name),
      };
    case 'election':
      return { text: MODERATION_TEXTS.modlogElection, to: null };
  }
}

/**
 * Whether the entry's end date means something: a ban's (a permanent one says so); other
 * actions carry none.
 */
export function modlogExpiry(entry: Pick<ModlogEntry, 'action' | 'expires_at'>): string | null {
  if (entry.expires_at) return formatDate(entry.expires_at);
  return entry.action === 'ban_user' ? MODERATION_TEXTS.modlogPermanent : null;
}

/** Offset paging of React Query's infinite lists: the next offset, or undefined at the end. */
export function nextOffset<T>(
  last: { pagination: { hasMore: boolean } },
  pages: T[],
  count: (page: T) => number,
): number | undefined {
  return last.pagination.hasMore ? pages.reduce((n, p) => n + count(p), 0) : undefined;
}

/** Moderation tools are for the team (the owner included) and the site admin (§M1). */
export function canModerate(
  membership: { isModerator: boolean } | undefined,
  isAdmin: boolean,
): boolean {
  return isAdmin || Boolean(membership?.isModerator);
}

/** The community settings: the owner (whoever holds the seat now) and the admin (§M1). */
export function canEditCommunity(
  membership: { isOwner?: boolean | undefined } | undefined,
  isAdmin: boolean,
): boolean {
  return isAdmin || Boolean(membership?.isOwner);
}
