import type { Browser, Page } from '@playwright/test';
import { env } from '../../fixtures.js';
import { apiOk, signInAs } from './helpers.js';
import type { TestCommunity, TestPost, TestUser } from './helpers.js';

/**
 * Moderation data for the community moderation spec, made through the public API (EXTENSIONS
 * §M1-M6) as the product's own screens would.
 */

export interface LogEntry {
  id: string;
  action: string;
  moderator_username: string;
  reason: string | null;
}

export async function removePost(moderator: TestUser, post: TestPost, reason: string) {
  await apiOk('POST', `/posts/${post.id}/remove`, { token: moderator.token, body: { reason } });
}

export async function addModerator(owner: TestUser, community: TestCommunity, user: TestUser) {
  await apiOk('POST', `/communities/${community.id}/moderators`, {
    token: owner.token,
    body: { username: user.username },
  });
}

export async function ban(
  moderator: TestUser,
  community: TestCommunity,
  user: TestUser,
  reason: string,
  days?: number,
) {
  await apiOk('POST', `/communities/${community.id}/bans`, {
    token: moderator.token,
    body: { username: user.username, reason, ...(days === undefined ? {} : { days }) },
  });
}

/** The community's public log, newest first (as a visitor reads it). */
export async function modlog(community: TestCommunity, action?: string): Promise<LogEntry[]> {
  const query = action ? `?action=${action}` : '';
  const res = await apiOk<{ entries: LogEntry[] }>(
    'GET',
    `/communities/${community.id}/modlog${query}`,
  );
  return res.entries;
}

export async function appeal(user: TestUser, modlogId: string, text: string) {
  await apiOk('POST', '/appeals', { token: user.token, body: { modlog_id: modlogId, text } });
}

export async function reportComment(user: TestUser, commentId: string, reason: string) {
  await apiOk('POST', `/comments/${commentId}/report`, { token: user.token, body: { reason } });
}

export async function reportPost(user: TestUser, post: TestPost, reason: string) {
  await apiOk('POST', `/posts/${post.id}/report`, { token: user.token, body: { reason } });
}

/**
 * A page in a fresh browser context (its own local storage, so its own session) signed in as
 * `user`, or a visitor's for null: for a story where several people take turns. The caller
 * closes its context.
 */
export async function pageAs(browser: Browser, user: TestUser | null): Promise<Page> {
  const context = await browser.newContext({ baseURL: env.baseUrl });
  const page = await context.newPage();
  if (user) await signInAs(page, user);
  return page;
}
