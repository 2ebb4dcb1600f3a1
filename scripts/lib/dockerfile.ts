import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

/**
 * A Dockerfile rehearsal without a Docker engine: each build stage gets a directory standing for
 * its filesystem root, holding only what the Dockerfile copies into it (the .dockerignore
 * applied), and its RUN commands run there. A COPY that forgets a file the build needs fails
 * here as it would in `docker build`.
 */

export interface Instruction {
  op: string;
  args: string;
}

export interface Stage {
  name: string;
  /** A stage name of this file, or an image. */
  from: string;
  steps: Instruction[];
}

export interface Dockerfile {
  args: Record<string, string>;
  stages: Stage[];
}

/** Instructions (continuation lines joined, comments dropped), split into stages. */
export function parseDockerfile(text: string): Dockerfile {
  const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/);
  const args: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [, op = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = { op: op.toUpperCase(), args: rest.trim() };
    if (instruction.op === 'FROM') {
      const [, from = '', name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args) ?? [];
      stages.push({ name: name ?? `stage-${stages.length}`, from, steps: [] });
    } else if (stages.length === 0 && instruction.op === 'ARG') {
      const [key = '', value = ''] = instruction.args.split('=');
      args[key] = value;
    } else {
      stages.at(-1)?.steps.push(instruction);
    }
  }
  return { args, stages };
}

/** `${NAME}` and `$NAME` from build args. */
export const substitute = (text: string, vars: Record<string, string>) =>
  text.replace(/\$\{(\w+)\}|\$(\w+)/g, (whole, a?: string, b?: string) => vars[a ?? b!] ?? whole);

export interface RehearsalOptions {
  /** The build context (the repository root). */
  context: string;
  dockerfile: string;
  target: string;
  buildArgs?: Record<string, string>;
  /** Where the stages' roots are made. */
  workDir: string;
  /** The repository's installed node_modules, standing in for `npm ci` (nothing is downloaded). */
  nodeModules: string;
  log?: (line: string) => void;
}

interface StageRun {
  root: string;
  workdir: string;
}

/**
 * Builds `target` as docker would, stage by stage. `npm ci` is stood in for by linking the
 * repository's installed dependencies (workspace packages linked to the copies in the stage, so
 * a workspace the Dockerfile does not copy is missing there too); `npm prune` is skipped. A
 * target built FROM an image (nginx, the Node runtime) only assembles files: its COPY sources
 * must exist; its RUN steps (permissions, users) are not run.
 */
export function rehearse(options: RehearsalOptions): void {
  const file = parseDockerfile(
    readFileSync(path.join(options.context, options.dockerfile), 'utf8'),
  );
  const ignored = dockerignore(options.context, options.dockerfile);
  const done = new Map<string, StageRun>();

  const build = (name: string): StageRun => {
    const known = done.get(name);
    if (known) return known;
    const stage = file.stages.find((s) => s.name === name);
    if (!stage) throw new Error(`${options.dockerfile}: no stage ${name}`);
    const vars: Record<string, string> = { ...file.args, ...options.buildArgs };
    const root = path.join(options.workDir, name);
    const parent = file.stages.find((s) => s.name === stage.from);
    let workdir = '/';
    if (parent) {
      const base = build(parent.name);
      cpSync(base.root, root, { recursive: true, verbatimSymlinks: true });
      workdir = base.workdir;
    } else {
      mkdirSync(root, { recursive: true });
    }
    // The target image itself (FROM an image: nginx, the Node runtime) only assembles files.
    const runsCommands = parent !== undefined || name !== options.target;
    for (const step of stage.steps) {
      const text = substitute(step.args, vars);
      if (step.op === 'ARG') {
        const [key = '', value] = text.split('=');
        vars[key] = options.buildArgs?.[key] ?? value ?? vars[key] ?? '';
      } else if (step.op === 'WORKDIR') {
        workdir = path.posix.resolve(workdir, text);
        mkdirSync(path.join(root, workdir), { recursive: true });
      } else if (step.op === 'COPY') {
        copy(text, { root, workdir, build, ignored, context: options.context });
      } else if (step.op === 'RUN' && runsCommands) {
        run(text, { root, workdir, nodeModules: options.nodeModules, log: options.log });
      }
    }
    const result = { root, workdir };
    done.set(name, result);
    return result;
  };
  build(options.target);
}

function copy(
  text: string,
  at: {
    root: string;
    workdir: string;
    build: (stage: string) => StageRun;
    ignored: (rel: string) => boolean;
    context: string;
  },
): void {
  const words = text.split(/\s+/);
  const from = words.find((w) => w.startsWith('--from='))?.slice('--from='.length);
  const paths = words.filter((w) => !w.startsWith('--'));
  const dest = paths.pop()!;
  const target = path.join(at.root, path.posix.resolve(at.workdir, dest));
  const source = from ? at.build(from) : undefined;
  for (const src of paths) {
    const origin = source
      ? path.join(source.root, path.posix.resolve(source.workdir, src))
      : path.join(at.context, src);
    if (!existsSync(origin))
      throw new Error(`COPY ${from ? `--from=${from} ` : ''}${src}: missing`);
    const into =
      dest.endsWith('/') || paths.length > 1 ? path.join(target, path.basename(src)) : target;
    mkdirSync(path.dirname(into), { recursive: true });
    cpSync(origin, into, {
      recursive: true,
      verbatimSymlinks: true,
      filter: (p) => source !== undefined || !at.ignored(path.relative(at.context, p)),
    });
  }
}

function run(
  command: string,
  at: { root: string; workdir: string; nodeModules: string; log?: (line: string) => void },
): void {
  const cwd = path.join(at.root, at.workdir);
  if (/^npm ci\b/.test(command)) return linkDependencies(cwd, at.nodeModules);
  if (/^npm prune\b/.test(command)) return;
  // Absolute paths the Dockerfile writes to (e.g. /out) live inside the stage's root.
  const local = command.replace(/(^|\s)\/(?!usr\/|bin\/|dev\/|tmp\/)(\w)/g, `$1${at.root}/$2`);
  at.log?.(`RUN ${command}`);
  const result = spawnSync('bash', ['-c', local], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, PATH: `${path.join(cwd, 'node_modules', '.bin')}:${process.env.PATH}` },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    const output = `${result.stdout}${result.stderr}`.split('\n').slice(-40).join('\n');
    throw new Error(`RUN ${command} failed (exit ${result.status}):\n${output}`);
  }
}

/** node_modules as `npm ci` would leave it: the registry packages, and links to copied workspaces. */
function linkDependencies(cwd: string, installed: string): void {
  const target = path.join(cwd, 'node_modules');
  mkdirSync(target, { recursive: true });
  for (const entry of readdirSync(installed)) {
    if (entry === '@forum') continue;
    symlinkSync(path.join(installed, entry), path.join(target, entry));
  }
  const manifest = JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8')) as {
    workspaces?: string[];
  };
  mkdirSync(path.join(target, '@forum'), { recursive: true });
  for (const folder of manifest.workspaces ?? []) {
    const pkgFile = path.join(cwd, folder, 'package.json');
    // npm ci installs every workspace the lockfile names: each needs its package.json.
    if (!existsSync(pkgFile)) throw new Error(`npm ci: workspace ${folder} has no package.json`);
    const { name } = JSON.parse(readFileSync(pkgFile, 'utf8')) as { name: string };
    symlinkSync(
      path.relative(path.join(target, '@forum'), path.join(cwd, folder)),
      path.join(target, name),
    );
    // Versions npm installed for this workspace alone (conflicting with the root's).
    const own = path.join(path.dirname(installed), folder, 'node_modules');
    if (!existsSync(own)) continue;
    mkdirSync(path.join(cwd, folder, 'node_modules'), { recursive: true });
    for (const entry of readdirSync(own).filter((e) => !e.startsWith('.'))) {
      symlinkSync(path.join(own, entry), path.join(cwd, folder, 'node_modules', entry));
    }
  }
}

/** The Dockerfile's own .dockerignore (`<file>.dockerignore`), else the context's. */
function dockerignore(context: string, dockerfile: string): (rel: string) => boolean {
  const own = path.join(context, `${dockerfile}.dockerignore`);
  const file = existsSync(own) ? own : path.join(context, '.dockerignore');
  const patterns = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith('#'))
    : [];
  const regexes = patterns.map(
    (p) =>
      new RegExp(
        `^${p
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replace(/\*\*\//g, '(?:.*/)?')
          .replace(/\*/g, '[^/]*')}(?:/.*)?$`,
      ),
  );
  return (rel) => rel !== '' && regexes.some((r) => r.test(rel));
}
