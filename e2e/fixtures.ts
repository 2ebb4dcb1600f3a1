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

/**
 * Signs the seeded admin in afresh and puts the tokens into local storage before any page script
 * runs. A fresh session per test matters: refresh tokens rotate, so a pair shared across tests
 * would be replayed after its first refresh, which (by design) revokes the whole session.
 */
async function signIn(page: Page): Promise<void> {
  required('E2E_TOKEN'); // fails with the seeding error when the global setup could not seed
  const res = await page.request.post(`${required('E2E_BASE_URL')}/api/auth/login`, {
    data: { email: 'admin', password: required('E2E_ADMIN_PASSWORD'), rememberMe: false },
  });
  if (!res.ok()) throw new Error(`admin login answered ${res.status()}: ${await res.text()}`);
  const body = (await res.json()) as { token: string; refreshToken: string };
  const tokens = { token: body.token, refreshToken: body.refreshToken };
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
