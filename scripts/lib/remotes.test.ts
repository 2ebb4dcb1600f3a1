import { rmSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { publishRemote } from '../publish-remote.js';
import { hashDirectory, parseRemotesMap, versionsToPrune, withRemote } from './remotes.js';

const made: string[] = [];
const tmp = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'remotes-'));
  made.push(dir);
  return dir;
};
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function fakeBuild(dir: string, content: string) {
  mkdirSync(path.join(dir, 'static', 'js'), { recursive: true });
  writeFileSync(path.join(dir, 'remoteEntry.js'), content);
  writeFileSync(path.join(dir, 'static', 'js', 'chunk.js'), 'chunk');
}

describe('remotes map', () => {
  it('sets one remote and keeps the others', () => {
    const map = withRemote(
      { inbox: { version: 'i1', entry: '/remotes/inbox/i1/remoteEntry.js' } },
      'forum',
      'f1',
    );
    expect(map).toEqual({
      inbox: { version: 'i1', entry: '/remotes/inbox/i1/remoteEntry.js' },
      forum: { version: 'f1', entry: '/remotes/forum/f1/remoteEntry.js' },
    });
  });

  it('parses tolerantly', () => {
    expect(parseRemotesMap(undefined)).toEqual({});
    expect(parseRemotesMap('{oops')).toEqual({});
    expect(parseRemotesMap('[]')).toEqual({});
    expect(parseRemotesMap('{"a":{"version":"1","entry":"/e"},"b":5}')).toEqual({
      a: { version: '1', entry: '/e' },
    });
  });

  it('prunes all but the current and the most recent others', () => {
    const versions = [
      { name: 'v1', mtimeMs: 1 },
      { name: 'v2', mtimeMs: 2 },
      { name: 'v3', mtimeMs: 3 },
      { name: 'cur', mtimeMs: 0 },
      { name: '.staging-x', mtimeMs: 0 },
    ];
    expect(versionsToPrune(versions, 'cur', 3).sort()).toEqual(['v1']);
    expect(versionsToPrune(versions, 'cur', 1).sort()).toEqual(['v1', 'v2', 'v3']);
  });
});

describe('hashDirectory', () => {
  it('depends on file names and contents only', () => {
    const a = tmp();
    const b = tmp();
    fakeBuild(a, 'entry');
    fakeBuild(b, 'entry');
    expect(hashDirectory(a)).toBe(hashDirectory(b));
    expect(hashDirectory(a)).toMatch(/^[0-9a-f]{12}$/);
    writeFileSync(path.join(b, 'remoteEntry.js'), 'entry2');
    expect(hashDirectory(a)).not.toBe(hashDirectory(b));
  });
});

describe('publishRemote', () => {
  it('copies the build under its hash and points remotes.json at it', () => {
    const dist = tmp();
    const remotesDir = tmp();
    fakeBuild(dist, 'v1');
    writeFileSync(
      path.join(remotesDir, 'remotes.json'),
      JSON.stringify({ inbox: { version: 'x', entry: '/remotes/inbox/x/remoteEntry.js' } }),
    );
    const first = publishRemote('forum', { distDir: dist, remotesDir });
    expect(first.copied).toBe(true);
    expect(
      existsSync(path.join(remotesDir, 'forum', first.version, 'static', 'js', 'chunk.js')),
    ).toBe(true);
    const map = JSON.parse(readFileSync(path.join(remotesDir, 'remotes.json'), 'utf8'));
    expect(map.forum).toEqual({
      version: first.version,
      entry: `/remotes/forum/${first.version}/remoteEntry.js`,
    });
    expect(map.inbox.version).toBe('x');
    expect(JSON.parse(readFileSync(path.join(remotesDir, 'forum', 'remote.json'), 'utf8'))).toEqual(
      {
        version: first.version,
        entry: first.entry,
      },
    );

    expect(publishRemote('forum', { distDir: dist, remotesDir }).copied).toBe(false);
    writeFileSync(path.join(dist, 'remoteEntry.js'), 'v2');
    const second = publishRemote('forum', { distDir: dist, remotesDir, keep: 1 });
    expect(second.version).not.toBe(first.version);
    expect(existsSync(path.join(remotesDir, 'forum', first.version))).toBe(false);
  });

  it('refuses a directory without remoteEntry.js', () => {
    expect(() => publishRemote('admin', { distDir: tmp(), remotesDir: tmp() })).toThrow(
      /remoteEntry\.js not found/,
    );
  });
});
