import { existsSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { env, expect, test } from '../fixtures.js';

/** Hides the published files of one remote (as if its deploy unit were down) until restored. */
function hideRemote(name: string): () => void {
  const manifest = path.join(env.remotesDir, 'remotes.json');
  const map = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, { version: string }>;
  const version = map[name]?.version;
  if (!version) throw new Error(`${name} is not in remotes.json`);
  const dir = path.join(env.remotesDir, name, version);
  const hidden = `${dir}.hidden`;
  renameSync(dir, hidden);
  let restored = false;
  return () => {
    if (restored) return;
    restored = true;
    if (existsSync(hidden)) renameSync(hidden, dir);
  };
}

test('forum remote missing: / shows the fallback, shell pages work, Retry recovers', async ({
  page,
}) => {
  const restore = hideRemote('forum');
  try {
    await page.goto('/');
    await expect(page.getByTestId('app-header')).toBeVisible();
    const fallback = page.getByTestId('remote-fallback');
    await expect(fallback).toBeVisible();
    await expect(fallback).toHaveAttribute('data-remote', 'forum');
    await expect(page.getByTestId('remote-forum')).toHaveCount(0);

    // The shell's own pages still work, by client-side navigation and on a fresh load.
    await page.getByTestId('nav-signin').click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
    await page.goto('/terms');
    await expect(page.getByTestId('app-header')).toBeVisible();

    await page.goto('/');
    await expect(page.getByTestId('remote-fallback')).toBeVisible();
    restore();
    await page.getByTestId('remote-retry').click();
    await expect(page.getByTestId('remote-forum')).toBeVisible();
    await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
  } finally {
    restore();
  }
});

test('inbox remote missing: /inbox shows the fallback, other remotes work, Retry recovers', async ({
  signedIn: page,
}) => {
  const restore = hideRemote('inbox');
  try {
    await page.goto('/inbox');
    await expect(page.getByTestId('app-header')).toBeVisible();
    const fallback = page.getByTestId('remote-fallback');
    await expect(fallback).toBeVisible();
    await expect(fallback).toHaveAttribute('data-remote', 'inbox');
    await expect(page.getByTestId('remote-inbox')).toHaveCount(0);

    // Other remotes still work, in the same page (client-side navigation) and on a fresh load.
    await page.getByTestId('nav-home').click();
    await expect(page.getByTestId('remote-forum')).toBeVisible();
    await page.goto('/admin');
    await expect(page.getByTestId('remote-admin')).toBeVisible();

    await page.goto('/inbox');
    await expect(page.getByTestId('remote-fallback')).toBeVisible();
    restore();
    await page.getByTestId('remote-retry').click();
    await expect(page.getByTestId('remote-inbox')).toBeVisible();
    await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
  } finally {
    restore();
  }
});
