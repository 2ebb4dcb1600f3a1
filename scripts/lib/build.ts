import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { BIN, FRONTEND_APPS, type FrontendApp } from './paths.js';
import { LineSplitter, RingBuffer } from './log-lines.js';

const SKIP_DIRS = new Set(['node_modules', 'dist', '.data', 'test-results', '@mf-types']);

/** Newest modification time (ms) of the files under `paths` (dirs are walked); 0 when none. */
export function newestMtime(paths: string[]): number {
  let newest = 0;
  const visit = (p: string) => {
    let stat;
    try {
      stat = statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p)) if (!SKIP_DIRS.has(entry)) visit(path.join(p, entry));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const p of paths) visit(p);
  return newest;
}

/** A build is needed when its output is missing or older than its newest source. */
export function isStale(outputMtime: number | undefined, sourcesMtime: number): boolean {
  return outputMtime === undefined || outputMtime < sourcesMtime;
}

/** The file whose presence and age stand for a front-end build. */
export function buildMarker(root: string, app: FrontendApp): string {
  return path.join(root, app, 'dist', app === 'shell' ? 'index.html' : 'remoteEntry.js');
}

/** Sources a front-end build depends on: the app, and the browser packages it compiles. */
export function frontendSources(root: string, app: FrontendApp): string[] {
  const appDir = path.join(root, app);
  const appFiles = existsSync(appDir)
    ? readdirSync(appDir)
        .filter((entry) => !SKIP_DIRS.has(entry))
        .map((entry) => path.join(appDir, entry))
    : [];
  return [
    ...appFiles,
    path.join(root, 'packages', 'sdk', 'src'),
    path.join(root, 'packages', 'ui', 'src'),
    path.join(root, 'packages', 'contracts', 'src'),
    path.join(root, 'packages', 'rich-text', 'src'),
    path.join(root, 'packages', 'landing', 'src'),
  ];
}

function mtimeOf(file: string): number | undefined {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

export interface RunOptions {
  cwd: string;
  env?: Record<string, string | undefined>;
  /** Receives each output line, already prefixed. */
  write?: (line: string) => void;
}

/** Runs a short-lived command (no shell); rejects with its last output lines when it fails. */
export function runCommand(
  label: string,
  command: string,
  args: string[],
  options: RunOptions,
): Promise<void> {
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const recent = new RingBuffer(30);
    for (const stream of [child.stdout, child.stderr]) {
      const splitter = new LineSplitter();
      stream.setEncoding('utf8');
      const emit = (line: string) => {
        recent.push(line);
        write(`[${label}] ${line}`);
      };
      stream.on('data', (chunk: string) => splitter.push(chunk).forEach(emit));
      stream.on('end', () => splitter.flush().forEach(emit));
    }
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) return resolve();
      const tail = recent
        .lines()
        .map((l) => `  | ${l}`)
        .join('\n');
      reject(new Error(`${label} failed (${signal ?? `exit code ${code}`})\n${tail}`));
    });
  });
}

export interface BuildOptions {
  root: string;
  /** 'stale': rebuild what is older than its sources; 'missing': only what has no output. */
  mode: 'stale' | 'missing' | 'always';
  write?: (line: string) => void;
  /** Front-end apps to consider (default: all four). */
  apps?: readonly FrontendApp[];
}

const SERVER_ENTRIES = ['gateway', 'svc-identity', 'svc-forum', 'svc-messaging', 'svc-stream'];

/** `tsc -b` (incremental, so cheap when nothing changed) and the rsbuild builds that are needed. */
export async function buildAll(options: BuildOptions): Promise<void> {
  const { root } = options;
  const say = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const serversMissing = SERVER_ENTRIES.some(
    (dir) => !existsSync(path.join(root, dir, 'dist', 'main.js')),
  );
  if (options.mode !== 'missing' || serversMissing) {
    say('[build] tsc -b');
    await runCommand('tsc', process.execPath, [BIN.tsc, '-b'], { cwd: root, write: say });
  }
  for (const app of options.apps ?? FRONTEND_APPS) {
    const marker = mtimeOf(buildMarker(root, app));
    const needed =
      options.mode === 'always' ||
      marker === undefined ||
      (options.mode === 'stale' && isStale(marker, newestMtime(frontendSources(root, app))));
    if (!needed) {
      say(`[build] ${app}: dist is up to date`);
      continue;
    }
    say(`[build] ${app}: rsbuild build`);
    await runCommand(app, process.execPath, [BIN.rsbuild, 'build'], {
      cwd: path.join(root, app),
      env: { ...process.env, NODE_ENV: 'production' },
      write: say,
    });
  }
}
