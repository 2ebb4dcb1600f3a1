import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { publishRemote } from '../publish-remote.js';
import { RollbackError, rollbackRemote } from '../rollback-remote.js';
import { shipRemote } from '../ship-remote.js';
import { HISTORY_DEPTH, pushHistory, readHistory, withDeployLock } from './remote-history.js';

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A fake monorepo root with mf-<app>/dist builds, and its remotes dir. */
function fixture() {
  const root = mkdtempSync(path.join(tmpdir(), 'ship-'));
  made.push(root);
  const build = (app: string, content: string) => {
    const dist = path.join(root, app, 'dist');
    rmSync(dist, { recursive: true, force: true });
    mkdirSync(path.join(dist, 'static'), { recursive: true });
    writeFileSync(path.join(dist, 'remoteEntry.js'), content);
    writeFileSync(path.join(dist, 'static', 'chunk.js'), `chunk of ${content}`);
  };
  const remotesDir = path.join(root, 'remotes');
  const manifest = () =>
    JSON.parse(readFileSync(path.join(remotesDir, 'remotes.json'), 'utf8')) as Record<
      string,
      { version: string; entry: string }
    >;
  return { root, remotesDir, build, manifest };
}

describe('ship-remote / rollback-remote', () => {
  it('ships one remote, records the previous version, rolls back to it', async () => {
    const { root, remotesDir, build, manifest } = fixture();
    build('mf-forum', 'forum v1');
    build('mf-inbox', 'inbox v1');
    publishRemote('forum', { root, remotesDir });
    const first = await shipRemote('inbox', { root, remotesDir, build: false });
    expect(first.previous).toBeNull();
    expect(first.switched).toBe(true);
    const forumBefore = manifest().forum;

    build('mf-inbox', 'inbox v2');
    const second = await shipRemote('inbox', { root, remotesDir, build: false });
    expect(second.previous).toEqual({ version: first.version, entry: first.entry });
    expect(manifest().inbox).toEqual({ version: second.version, entry: second.entry });
    expect(manifest().forum).toEqual(forumBefore);
    expect(readHistory(remotesDir).inbox?.map((h) => h.version)).toEqual([first.version]);

    // Shipping the same build again switches nothing and records nothing.
    const again = await shipRemote('inbox', { root, remotesDir, build: false });
    expect(again.switched).toBe(false);
    expect(readHistory(remotesDir).inbox).toHaveLength(1);

    const back = await rollbackRemote('inbox', { root, remotesDir });
    expect(back.version).toBe(first.version);
    expect(back.from?.version).toBe(second.version);
    expect(manifest().inbox).toEqual({ version: first.version, entry: first.entry });
    expect(manifest().forum).toEqual(forumBefore);
    expect(JSON.parse(readFileSync(path.join(remotesDir, 'inbox', 'remote.json'), 'utf8'))).toEqual(
      { version: first.version, entry: first.entry },
    );
    // Both versions stay on disk (pages still holding the newer entry keep working).
    expect(existsSync(path.join(remotesDir, 'inbox', second.version, 'remoteEntry.js'))).toBe(true);

    await expect(rollbackRemote('inbox', { root, remotesDir })).rejects.toBeInstanceOf(
      RollbackError,
    );
    expect(manifest().inbox?.version).toBe(first.version);
  });

  it('skips history entries whose files are gone', async () => {
    const { root, remotesDir, build, manifest } = fixture();
    build('mf-inbox', 'a');
    const a = await shipRemote('inbox', { root, remotesDir, build: false });
    build('mf-inbox', 'b');
    const b = await shipRemote('inbox', { root, remotesDir, build: false });
    build('mf-inbox', 'c');
    await shipRemote('inbox', { root, remotesDir, build: false });
    rmSync(path.join(remotesDir, 'inbox', b.version), { recursive: true });
    const back = await rollbackRemote('inbox', { root, remotesDir });
    expect(back.version).toBe(a.version);
    expect(manifest().inbox?.version).toBe(a.version);
  });

  it('keeps the version to roll back to through pruning', async () => {
    const { root, remotesDir, build } = fixture();
    let previous = '';
    for (const content of ['1', '2', '3', '4']) {
      build('mf-inbox', content);
      const shipped = await shipRemote('inbox', { root, remotesDir, build: false, keep: 2 });
      if (previous) {
        expect(existsSync(path.join(remotesDir, 'inbox', previous, 'remoteEntry.js'))).toBe(true);
      }
      previous = shipped.version;
    }
  });

  it('bounds the history and serialises deploys with a lock', async () => {
    let history = {};
    for (let i = 0; i < HISTORY_DEPTH + 3; i++) {
      history = pushHistory(history, 'inbox', { version: `v${i}`, entry: `/e${i}` });
    }
    expect(readHistoryLength(history)).toBe(HISTORY_DEPTH);

    const dir = mkdtempSync(path.join(tmpdir(), 'lock-'));
    made.push(dir);
    const order: string[] = [];
    await Promise.all([
      withDeployLock(dir, async () => {
        order.push('a start');
        await new Promise((r) => setTimeout(r, 300));
        order.push('a end');
      }),
      new Promise((r) => setTimeout(r, 50)).then(() =>
        withDeployLock(dir, () => {
          order.push('b');
        }),
      ),
    ]);
    expect(order).toEqual(['a start', 'a end', 'b']);
    expect(existsSync(path.join(dir, '.deploy.lock'))).toBe(false);
  });
});

function readHistoryLength(history: Record<string, unknown[]>): number {
  return history.inbox?.length ?? 0;
}
