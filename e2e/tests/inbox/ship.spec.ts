import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { ROOT } from '../../../scripts/lib/paths.js';
import { switchRemote } from '../../../scripts/lib/remote-history.js';
import { hashDirectory, parseRemotesMap, type RemotesMap } from '../../../scripts/lib/remotes.js';
import { env, expect, test } from '../../fixtures.js';
import { registerUser, signInAs, open, reload } from './helpers.js';

const run = promisify(execFile);

const TEXTS_FILE = path.join(ROOT, 'mf-inbox', 'src', 'texts.ts');
const INBOX_DIST = path.join(ROOT, 'mf-inbox', 'dist');
const SHELL_DIST = path.join(ROOT, 'shell', 'dist');
const ORIGINAL_LINE = "selectTitle: 'Select a conversation',";

/** npm run ship:remote / rollback:remote against the running e2e stack's remotes dir. */
async function npmRun(script: 'ship:remote' | 'rollback:remote', name: string): Promise<string> {
  const { stdout } = await run(
    'npm',
    ['run', '--silent', script, '--', name, '--remotes-dir', env.remotesDir],
    { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 16 * 1024 * 1024 },
  );
  return stdout;
}

function readMap(): RemotesMap {
  return parseRemotesMap(readFileSync(path.join(env.remotesDir, 'remotes.json'), 'utf8'));
}

function sha(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * Hash of the shell's build. Another team may be rebuilding shell/ right now (rsbuild empties
 * dist first): read until the directory is complete and stable.
 */
async function shellDistHash(): Promise<string> {
  let last = '';
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      const hash = hashDirectory(SHELL_DIST);
      if (hash === last && existsSync(path.join(SHELL_DIST, 'index.html'))) return hash;
      last = hash;
    } catch {
      last = '';
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return last;
}

/** What must not change when the inbox ships: the shell's files, the other remotes' entries. */
async function othersSnapshot(page: Page) {
  const map = readMap();
  const served: Record<string, string> = {};
  for (const name of ['forum', 'admin'] as const) {
    const entry = map[name];
    if (!entry) continue;
    const res = await page.request.get(entry.entry);
    expect(res.ok(), `${entry.entry} is served`).toBe(true);
    served[name] = sha(await res.body());
  }
  let shellIndex = await page.request.get('/', { headers: { accept: 'text/html' } });
  for (let i = 0; i < 15 && !shellIndex.ok(); i++) {
    await new Promise((r) => setTimeout(r, 1000));
    shellIndex = await page.request.get('/', { headers: { accept: 'text/html' } });
  }
  return {
    forum: map.forum ?? null,
    admin: map.admin ?? null,
    // A published version's files hash to its name; unchanged files keep it.
    forumFiles: map.forum
      ? hashDirectory(path.join(env.remotesDir, 'forum', map.forum.version))
      : '',
    adminFiles: map.admin
      ? hashDirectory(path.join(env.remotesDir, 'admin', map.admin.version))
      : '',
    servedEntries: served,
    shellDist: await shellDistHash(),
    shellIndex: sha(await shellIndex.text()),
  };
}

/**
 * Everything the test changes, put back even when it fails or times out (called from the test's
 * finally and from afterEach): the source file, mf-inbox/dist, the live inbox version and the
 * deploy history.
 */
class Restorer {
  private readonly steps: Array<() => void> = [];
  add(step: () => void) {
    this.steps.unshift(step);
  }
  restore() {
    const errors: unknown[] = [];
    while (this.steps.length) {
      const step = this.steps.shift()!;
      try {
        step();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length) throw new AggregateError(errors, 'restoring after the ship test failed');
  }
}

const restorer = new Restorer();
test.afterEach(() => restorer.restore());

test('the inbox ships alone: new text live after a reload, others untouched, rollback restores', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const marker = `Shipped alone ${Date.now().toString(36)}`;
  const manifestBefore = readMap();
  const before = manifestBefore.inbox;
  expect(before, 'the inbox is published').toBeDefined();

  // Put back, in reverse order: history, live version, dist, source.
  const historyFile = path.join(env.remotesDir, 'remotes.history.json');
  const historyBefore = existsSync(historyFile) ? readFileSync(historyFile, 'utf8') : null;
  const textsBefore = readFileSync(TEXTS_FILE, 'utf8');
  expect(textsBefore).toContain(ORIGINAL_LINE);
  const distBackup = mkdtempSync(path.join(tmpdir(), 'inbox-dist-'));
  const hadDist = existsSync(INBOX_DIST);
  if (hadDist) cpSync(INBOX_DIST, distBackup, { recursive: true });
  restorer.add(() => {
    if (readFileSync(TEXTS_FILE, 'utf8') !== textsBefore) writeFileSync(TEXTS_FILE, textsBefore);
  });
  restorer.add(() => {
    rmSync(INBOX_DIST, { recursive: true, force: true });
    if (hadDist) cpSync(distBackup, INBOX_DIST, { recursive: true });
    rmSync(distBackup, { recursive: true, force: true });
  });
  restorer.add(() => {
    if (readMap().inbox?.version !== before!.version)
      switchRemote(env.remotesDir, 'inbox', before!);
  });
  restorer.add(() => {
    if (historyBefore === null) rmSync(historyFile, { force: true });
    else writeFileSync(historyFile, historyBefore);
  });

  try {
    const me = await registerUser('shipper');
    await signInAs(page, me);
    await open(page, '/inbox');
    const placeholder = page.getByTestId('conversation-placeholder');
    await expect(placeholder).toContainText('Select a conversation');
    await expect(page.getByText(marker)).toHaveCount(0);
    const others = await othersSnapshot(page);

    // A team changes a visible text in the inbox source and ships the inbox alone.
    writeFileSync(
      TEXTS_FILE,
      textsBefore.replace(ORIGINAL_LINE, `selectTitle: 'Select a conversation (${marker})',`),
    );
    const shipOut = await npmRun('ship:remote', 'inbox');
    const shipped = readMap().inbox!;
    expect(shipped.version, shipOut).not.toBe(before!.version);
    expect(shipped.entry).toBe(`/remotes/inbox/${shipped.version}/remoteEntry.js`);
    expect(shipOut).toContain(`${before!.version} -> ${shipped.version}`);
    const history = JSON.parse(readFileSync(historyFile, 'utf8')) as Record<string, unknown[]>;
    expect(history.inbox?.at(-1)).toMatchObject({ ...before! });
    // The source goes back at once; the shipped build is what the product serves now.
    writeFileSync(TEXTS_FILE, textsBefore);

    // The running product picks it up on a reload: remotes.json is re-read, no restart.
    const newEntry = page.waitForRequest((req) => req.url().endsWith(shipped.entry));
    await reload(page);
    await newEntry;
    await expect(placeholder).toContainText(`Select a conversation (${marker})`);

    // The shell and the other remotes are untouched.
    expect(await othersSnapshot(page)).toEqual(others);
    expect(readMap().forum).toEqual(manifestBefore.forum);
    expect(readMap().admin).toEqual(manifestBefore.admin);

    // Roll back: the previous version is live again.
    const rollbackOut = await npmRun('rollback:remote', 'inbox');
    expect(readMap().inbox, rollbackOut).toEqual(before);
    const oldEntry = page.waitForRequest((req) => req.url().endsWith(before!.entry));
    await reload(page);
    await oldEntry;
    await expect(placeholder.locator('.ui-state__title')).toHaveText('Select a conversation');
    await expect(page.getByText(marker)).toHaveCount(0);
    expect(await othersSnapshot(page)).toEqual(others);
  } finally {
    restorer.restore();
  }
});
