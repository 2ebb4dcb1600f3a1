import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseDockerfile, rehearse } from './dockerfile.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dockerfile-test-'));
  dirs.push(dir);
  return dir;
};

/** A context whose app imports a second file that only one Dockerfile copies. */
function context(dockerfile: string): string {
  const dir = tempDir();
  mkdirSync(path.join(dir, 'lib'));
  mkdirSync(path.join(dir, 'node_modules'));
  writeFileSync(path.join(dir, 'package.json'), '{"workspaces":[]}');
  writeFileSync(path.join(dir, 'app.mjs'), "import './lib/dep.mjs';");
  writeFileSync(path.join(dir, 'lib', 'dep.mjs'), 'export {};');
  writeFileSync(path.join(dir, 'Dockerfile'), dockerfile);
  writeFileSync(path.join(dir, 'Dockerfile.dockerignore'), '**/node_modules\n');
  return dir;
}

const build = (dir: string, target: string) =>
  rehearse({
    context: dir,
    dockerfile: 'Dockerfile',
    target,
    workDir: tempDir(),
    nodeModules: path.join(dir, 'node_modules'),
  });

describe('Dockerfile rehearsal', () => {
  it('parses args, stages and continuation lines', () => {
    const file = parseDockerfile(
      'ARG IMG=node:20\nFROM ${IMG} AS build\nWORKDIR /app\nRUN a \\\n  && b\nFROM nginx\nCOPY --from=build /app/x /y\n',
    );
    expect(file.args).toEqual({ IMG: 'node:20' });
    expect(file.stages.map((s) => [s.name, s.from])).toEqual([
      ['build', '${IMG}'],
      ['stage-1', 'nginx'],
    ]);
    expect(file.stages[0]!.steps[1]).toEqual({ op: 'RUN', args: 'a    && b' });
  });

  const dockerfile = (copies: string) =>
    `FROM node:20 AS build\nWORKDIR /app\n${copies}\nRUN node app.mjs && mkdir -p /out && cp app.mjs /out/\n` +
    'FROM nginx AS site\nCOPY --from=build /out/app.mjs /usr/share/site/\n';

  it('builds when the Dockerfile copies what the build needs', () => {
    const dir = context(dockerfile('COPY package.json app.mjs ./\nCOPY lib lib'));
    expect(() => build(dir, 'site')).not.toThrow();
  });

  it('fails on a missing COPY, as docker build would', () => {
    const dir = context(dockerfile('COPY package.json app.mjs ./'));
    expect(() => build(dir, 'site')).toThrow(/RUN node app\.mjs.*failed/s);
  });

  it('fails when a final stage copies what no stage made', () => {
    const dir = context(
      'FROM node:20 AS build\nWORKDIR /app\nCOPY app.mjs ./\nFROM nginx AS site\nCOPY --from=build /app/missing /x\n',
    );
    expect(() => build(dir, 'site')).toThrow(/COPY --from=build \/app\/missing: missing/);
  });
});
