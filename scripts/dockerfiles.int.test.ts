import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rehearse } from './lib/dockerfile.js';
import { REMOTE_NAMES, ROOT } from './lib/paths.js';

/**
 * Each image's build, rehearsed in a directory holding only what its Dockerfile copies: a COPY
 * that forgets a package the build imports fails here, without a Docker engine.
 */
const workDirs: string[] = [];
afterAll(() => {
  for (const dir of workDirs) rmSync(dir, { recursive: true, force: true });
});

function rehearsal(dockerfile: string, target: string, buildArgs: Record<string, string> = {}) {
  const workDir = mkdtempSync(path.join(tmpdir(), 'dockerfile-'));
  workDirs.push(workDir);
  rehearse({
    context: ROOT,
    dockerfile,
    target,
    buildArgs,
    workDir,
    nodeModules: path.join(ROOT, 'node_modules'),
  });
  return workDir;
}

const LONG = 10 * 60_000;

describe('deploy/service.Dockerfile', () => {
  it('builds every service and the gateway (tsc -b) from what it copies', { timeout: LONG }, () => {
    expect(() =>
      rehearsal('deploy/service.Dockerfile', 'service', { SERVICE: 'svc-forum' }),
    ).not.toThrow();
  });
});

describe('deploy/frontend.Dockerfile', () => {
  it('builds the shell image from what it copies', { timeout: LONG }, () => {
    expect(() => rehearsal('deploy/frontend.Dockerfile', 'shell')).not.toThrow();
  });

  it.each(REMOTE_NAMES)(
    'builds the %s remote image from what it copies',
    { timeout: LONG },
    (remote) => {
      expect(() =>
        rehearsal('deploy/frontend.Dockerfile', 'remote', { REMOTE: remote }),
      ).not.toThrow();
    },
  );
});
