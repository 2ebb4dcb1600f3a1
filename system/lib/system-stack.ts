import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startStack, type Stack } from '../../scripts/lib/stack.js';
import type { Supervised } from '../../scripts/lib/supervisor.js';

/** Names of the processes `npm start` runs (scripts/lib/plan.ts). */
export type StackPart =
  'devdb' | 'nats' | 'identity' | 'forum' | 'messaging' | 'stream' | 'gateway';

export interface SystemStack extends Stack {
  dataDir: string;
  logFile: string;
  /** The running (most recently started) process of a part. */
  proc(name: StackPart): Supervised;
  /** Kills a part's whole process group (SIGKILL by default) and waits until it is gone. */
  kill(name: StackPart, signal?: NodeJS.Signals): Promise<void>;
  /** Starts a killed part again with the same command, environment and data directory. */
  restart(name: StackPart): void;
}

export interface SystemStackOptions {
  /** Prefix of the temporary data dir, e.g. 'faults-db'. */
  label: string;
  extraEnv?: Record<string, string>;
}

/**
 * The stack exactly as `npm start` runs it (same processes, same commands), on free ports with a
 * temporary data dir; logs go to <dataDir>/stack.log (SYSTEM_STACK_LOG=1 also prints them).
 * Front ends must be built already (`npm test` builds first; `npm run build` otherwise).
 */
export async function startSystemStack({
  label,
  extraEnv = {},
}: SystemStackOptions): Promise<SystemStack> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `forum-${label}-`));
  const logFile = path.join(dataDir, 'stack.log');
  const verbose = process.env.SYSTEM_STACK_LOG === '1';
  const write = (line: string) => {
    appendFileSync(logFile, `${line}\n`);
    if (verbose) process.stdout.write(`${line}\n`);
  };
  // The suites run with NODE_OPTIONS=--conditions=source (workspace sources); the stack runs its
  // built output exactly as `npm start` does.
  const { NODE_OPTIONS: _sourceConditions, ...env } = process.env;
  const stack = await startStack({
    env,
    dataDir,
    ports: 'random',
    build: 'missing',
    write,
    readyTimeoutMs: 90_000,
    dbPrefix: `${label.replace(/\W/g, '_')}_${Date.now().toString(36)}_`,
    extraEnv: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', ...extraEnv },
    logLevel: process.env.LOG_LEVEL ?? 'warn',
    // Parts die on purpose here; the suites check what matters themselves.
    onCrash: () => undefined,
  });

  const proc = (name: StackPart): Supervised => {
    const found = stack.supervisor.procs.filter((p) => p.spec.name === name).at(-1);
    if (!found) throw new Error(`no ${name} process in the stack`);
    return found;
  };
  return {
    ...stack,
    dataDir,
    logFile,
    proc,
    async kill(name, signal = 'SIGKILL') {
      const p = proc(name);
      if (p.exit || p.child.pid === undefined) return;
      process.kill(-p.child.pid, signal);
      await p.exited;
    },
    restart(name) {
      const p = proc(name);
      if (!p.exit) throw new Error(`${name} is still running`);
      stack.supervisor.start(p.spec);
    },
    async stop() {
      await stack.stop();
      if (process.env.SYSTEM_KEEP_DATA !== '1') rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
