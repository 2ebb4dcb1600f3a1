import type { ReportedItem } from '@forum/contracts';

export type ReportStatus = 'open' | 'closed';
export type ReportTarget = ReportedItem['target_type'];

/** What the Reports tab asks for; the dashboard keeps it so switching tabs does not lose it. */
export interface ReportsView {
  status: ReportStatus;
  page: number;
}

export const DEFAULT_REPORTS_VIEW: ReportsView = { status: 'open', page: 1 };
/** The queue's page size (the route's default limit). */
export const REPORTS_PAGE_SIZE = 20;

/** The route pages by offset; the pager counts pages like the users table. */
export function reportPages(
  page: number,
  { total, hasMore }: { total: number; hasMore: boolean },
  limit = REPORTS_PAGE_SIZE,
) {
  return {
    page,
    totalPages: Math.ceil(total / limit),
    hasPrevPage: page > 1,
    hasNextPage: hasMore,
  };
}

/** The offset of a 1-based page. */
export const pageOffset = (page: number, limit = REPORTS_PAGE_SIZE) =>
  (Math.max(1, page) - 1) * limit;

/**
 * The last page that still has rows once `total` rows are left: after resolving the only row of
 * the last page the view moves back instead of showing an empty page.
 */
export function clampPage(page: number, total: number, limit = REPORTS_PAGE_SIZE): number {
  return Math.max(1, Math.min(page, Math.ceil(total / limit)));
}

/**
 * Where the reported item can be opened: a post by its id, a comment on its post once that is
 * known (`postId`), a private message nowhere.
 */
export function reportItemHref(
  item: Pick<ReportedItem, 'target_type' | 'target_id'>,
  postId?: string | null,
): string | null {
  if (item.target_type === 'post') return `/post/${encodeURIComponent(item.target_id)}`;
  if (item.target_type === 'comment' && postId) {
    return `/post/${encodeURIComponent(postId)}#comment-${item.target_id}`;
  }
  return null;
}

export const profileHref = (username: string) => `/u/${encodeURIComponent(username)}`;

/** Reasons folded by text (several reporters often give the same one), first given first. */
export function foldReasons(reasons: readonly string[]): Array<{ reason: string; count: number }> {
  const counts = new Map<string, number>();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts].map(([reason, count]) => ({ reason, count }));
}
