import { devices, type Browser, type Page } from '@playwright/test';
import { env } from '../../fixtures.js';
import { apiOk, signInAs, type TestPost, type TestUser } from './helpers.js';

/**
 * A page of its own (a fresh browser context: its own local storage and session) signed in as
 * `user`, for a spec where several users look at the same item. The caller closes it.
 */
export async function pageAs(browser: Browser, user: TestUser | null): Promise<Page> {
  const context = await browser.newContext({ ...devices['Desktop Chrome'], baseURL: env.baseUrl });
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
