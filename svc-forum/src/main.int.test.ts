import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  freePort,
  startDevDb,
  startNats,
  waitFor,
  type TestDevDb,
  type TestNats,
} from '@forum/service-kit/testing';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs main.ts as `npm start` would (source condition, tsx). */
function runMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

let devdb: TestDevDb;
let nats: TestNats;
beforeAll(async () => {
  [devdb, nats] = await Promise.all([startDevDb(), startNats()]);
});
afterAll(async () => {
  await Promise.all([devdb?.stop(), nats?.stop()]);
});

/**
 * main.ts runs from source (tsx compiles the whole service at start): on a loaded machine (two
 * cores, several suites at once) that alone took over 20 s, so the waits are generous.
 */
const START_MS = 90_000;

describe('svc-forum main.ts', { timeout: START_MS + 30_000 }, () => {
  it('refuses to start on a bad environment, listing every bad variable', async () => {
    const run = runMain({ PORT: 'eighty', LOG_LEVEL: 'loud', MONGO_URL: 'http://nope' });
    expect(await run.exited).toBe(1);
    const { stderr } = run.output();
    expect(stderr).toContain('Invalid configuration');
    for (const name of ['PORT', 'LOG_LEVEL', 'MONGO_URL']) expect(stderr).toContain(name);
  });

  it('starts, serves, and stops gracefully on SIGTERM', async () => {
    const port = await freePort();
    const run = runMain({
      PORT: String(port),
      HOST: '127.0.0.1',
      MONGO_URL: devdb.uri,
      MONGO_DB: devdb.dbName('forum_main'),
      NATS_URL: nats.url,
    });
    try {
      await waitFor(
        async () => (await fetch(`http://127.0.0.1:${port}/ready`).catch(() => undefined))?.ok,
        { what: 'svc-forum ready', timeoutMs: START_MS },
      );
      const res = await fetch(`http://127.0.0.1:${port}/api/posts`);
      expect(await res.json()).toEqual({ posts: [], pagination: { hasMore: false, total: 0 } });
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      const lines = run
        .output()
        .stdout.split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { msg: string; service: string });
      expect(lines.every((l) => l.service === 'svc-forum')).toBe(true);
      expect(lines.map((l) => l.msg)).toEqual(
        expect.arrayContaining(['svc-forum listening', 'shutting down', 'stopped']),
      );
    } finally {
      run.child.kill('SIGKILL');
    }
  });
});
