import { rmSync, mkdtempSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildMarker, isStale, newestMtime } from './build.js';

describe('isStale', () => {
  it('needs a build when the output is missing or older than a source', () => {
    expect(isStale(undefined, 0)).toBe(true);
    expect(isStale(100, 200)).toBe(true);
    expect(isStale(200, 200)).toBe(false);
    expect(isStale(300, 200)).toBe(false);
  });
});

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('newestMtime', () => {
  it('walks directories, skipping node_modules and dist', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mtime-'));
    made.push(dir);
    mkdirSync(path.join(dir, 'src', 'deep'), { recursive: true });
    mkdirSync(path.join(dir, 'node_modules'));
    const file = (rel: string, seconds: number) => {
      writeFileSync(path.join(dir, rel), 'x');
      utimesSync(path.join(dir, rel), seconds, seconds);
    };
    file('src/a.ts', 1000);
    file('src/deep/b.ts', 2000);
    file('node_modules/c.js', 9000);
    expect(
      newestMtime([path.join(dir, 'src'), path.join(dir, 'node_modules'), path.join(dir, 'nope')]),
    ).toBe(9000 * 1000);
    expect(newestMtime([dir])).toBe(2000 * 1000);
  });
});

describe('buildMarker', () => {
  it('uses index.html for the shell and remoteEntry.js for remotes', () => {
    expect(buildMarker('/r', 'shell')).toBe('/r/shell/dist/index.html');
    expect(buildMarker('/r', 'mf-inbox')).toBe('/r/mf-inbox/dist/remoteEntry.js');
  });
});
