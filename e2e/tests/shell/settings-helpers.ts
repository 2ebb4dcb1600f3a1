import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import {
  api,
  eventually,
  mailDir,
  signInWithTokens,
  uniqueName,
  type TestUser,
} from './helpers.js';

/**
 * Every email-verification link mailed to `to`, oldest first, once there are at least `count`
 * (polls: the identity service writes its mails in the background after answering).
 */
export async function readVerificationLinks(
  to: string,
  count = 1,
  timeoutMs = 15_000,
): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let files: string[] = [];
    try {
      // `<Date.now()>-<uuid>.json`: the name's time orders them.
      files = readdirSync(mailDir())
        .filter((f) => f.endsWith('.json'))
        .sort((a, b) => Number(a.split('-')[0]) - Number(b.split('-')[0]));
    } catch {
      /* not created yet */
    }
    const links: string[] = [];
    for (const file of files) {
      const mail = JSON.parse(readFileSync(path.join(mailDir(), file), 'utf8')) as {
        to: string;
        text: string;
      };
      if (mail.to.toLowerCase() !== to.toLowerCase()) continue;
      const link = /https?:\/\/\S+\/verify-email#token=[A-Za-z0-9_%-]+/.exec(mail.text)?.[0];
      if (link) links.push(link);
    }
    if (links.length >= count) return links;
    if (Date.now() > deadline) {
      throw new Error(`${links.length} of ${count} verification mails for ${to} in ${mailDir()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The `#token=...` part of a mailed link, to open it on the stack under test. */
export const fragmentOf = (link: string) => link.slice(link.indexOf('#'));

/** Signs `user` in (tokens in storage) and opens /settings. */
export async function openSettings(page: Page, user: TestUser): Promise<void> {
  await signInWithTokens(page, user);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
}

/** An API call that must succeed (2xx); retried while the other services learn of new users. */
async function created<T>(method: string, urlPath: string, body: unknown, token: string) {
  return eventually(async () => {
    const res = await api<T>(method, urlPath, body, token);
    expect(res.status, `${method} ${urlPath}: ${JSON.stringify(res.json)}`).toBeLessThan(300);
    return res.json;
  });
}

/** A community made by `owner` with a post by `author` (who joins it first). */
export async function postIn(
  owner: TestUser,
  author: TestUser,
  title: string,
): Promise<{ id: string; title: string }> {
  const name = `c_${uniqueName('ad')}`;
  const { community } = await created<{ community: { id: string } }>(
    'POST',
    '/communities',
    { name, description: 'Account data e2e', rules: 'Be kind.', is_nsfw: false },
    owner.token,
  );
  if (author.id !== owner.id) {
    await created('POST', `/communities/${community.id}/join`, undefined, author.token);
  }
  const { post } = await created<{ post: { id: string } }>(
    'POST',
    '/posts',
    { title, content: `Body of ${title}`, type: 'text', community_id: community.id },
    author.token,
  );
  return { id: post.id, title };
}

/** A conversation `from` starts with `to` (messaging learns of new users by event). */
export async function messageTo(from: TestUser, to: TestUser, content: string): Promise<void> {
  await created(
    'POST',
    '/messages/conversations',
    { recipientUsername: to.username, subject: 'Account data e2e', content },
    from.token,
  );
}
