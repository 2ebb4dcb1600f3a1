import { test as base, expect, type Page } from '@playwright/test';

function required(name: string): string {
  const value = process.env[name];
  if (value) return value;
  if (name !== 'E2E_BASE_URL' && process.env.E2E_SEED_ERROR) {
    throw new Error(`no seeded data: ${process.env.E2E_SEED_ERROR}`);
  }
  throw new Error(`${name} is not set: the global setup did not run`);
}

export const env = {
  get baseUrl() {
    return required('E2E_BASE_URL');
  },
  get remotesDir() {
    return required('E2E_REMOTES_DIR');
  },
  get postTitles(): string[] {
    return JSON.parse(required('E2E_POST_TITLES')) as string[];
  },
};

/** Puts the seeded admin's tokens into local storage before any page script runs. */
async function signIn(page: Page): Promise<void> {
  const tokens = { token: required('E2E_TOKEN'), refreshToken: required('E2E_REFRESH_TOKEN') };
  await page.addInitScript((t) => {
    localStorage.setItem('token', t.token);
    localStorage.setItem('refreshToken', t.refreshToken);
  }, tokens);
}

export const test = base.extend<{ signedIn: Page }>({
  // The stack's port is only known after the global setup ran.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => use(required('E2E_BASE_URL')),
  signedIn: async ({ page }, use) => {
    await signIn(page);
    await use(page);
  },
});

export { expect };
