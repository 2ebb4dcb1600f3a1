import type { Browser, Page } from '@playwright/test';
import { env } from '../../fixtures.js';
import { apiOk, signInAs, type TestCommunity, type TestPost, type TestUser } from './helpers.js';

/** Moderation data and pages for the moderation specs, made through the public API (§M1-M6). */

/**
 * A page of its own (a fresh browser context: its own local storage and session) signed in as
 * `user`, or a visitor's for null: for a story where several people take turns. The caller
 * closes its context.
 */
export async function pageAs(browser: Browser, user: TestUser | null): Promise<Page> {
  const context = await browser.newContext({ baseURL: env.baseUrl });
  const page = await context.newPage();
  if (user) await signInAs(page, user);
  return page;
}

/** One of EXTENSIONS §M2's post actions, through the API. */
export async function moderatePost(
  moderator: TestUser,
  post: TestPost,
  verb: 'remove' | 'restore' | 'lock' | 'unlock' | 'pin' | 'unpin',
  reason?: string,
): Promise<void> {
  await apiOk('POST', `/posts/${post.id}/${verb}`, {
    token: moderator.token,
    ...(verb === 'pin' || verb === 'unpin' ? {} : { body: reason ? { reason } : {} }),
  });
}

export interface LogEntry {
  id: string;
  action: string;
  moderator_username: string;
  reason: string | null;
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
