import { spawn, type ChildProcess } from 'node:child_process';
import { LineSplitter, RingBuffer, makePrefix } from './log-lines.js';

export interface ProcessSpec {
  /** Short name used as the log prefix. */
  name: string;
  /** Executable run directly (no shell), normally process.execPath. */
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
}

export interface Supervised {
  spec: ProcessSpec;
  child: ChildProcess;
  /** The most recent output lines (stdout and stderr, unprefixed). */
  recent: RingBuffer;
  /** Set once the process has exited. */
  exit?: { code: number | null; signal: NodeJS.Signals | null };
  exited: Promise<void>;
}

export interface SupervisorOptions {
  /** Where prefixed child output goes; defaults to process.stdout. Return nothing. */
  write?: (line: string) => void;
  /** Lines kept per process for failure reports. */
  keepLines?: number;
  /** Called when a process exits while the supervisor is not stopping. */
  onUnexpectedExit?: (proc: Supervised) => void;
  /** Colour the prefixes (default: when stdout is a TTY). */
  color?: boolean;
  /** Grace period after SIGTERM before SIGKILL, in ms. */
  killAfterMs?: number;
}

/**
 * Starts child processes in their own process group (detached) so that stopping one signals the
 * whole group: a server that forks (tsx watch, rsbuild) leaves no orphaned grandchildren.
 */
export class Supervisor {
  readonly procs: Supervised[] = [];
  private stopping = false;
  private readonly write: (line: string) => void;
  private readonly keepLines: number;
  private readonly color: boolean;
  private width = 8;

  constructor(private readonly options: SupervisorOptions = {}) {
    this.write = options.write ?? ((line) => process.stdout.write(`${line}\n`));
    this.keepLines = options.keepLines ?? 40;
    this.color = options.color ?? Boolean(process.stdout.isTTY);
  }

  /**
   * Last resort when this process exits without stopAll (an uncaught error, process.exit
   * elsewhere): kill every group still running, synchronously, so no server is left behind.
   */
  private readonly killLeftovers = () => {
    for (const proc of this.procs) {
      if (proc.exit || proc.child.pid === undefined) continue;
      try {
        process.kill(-proc.child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };

  get isStopping(): boolean {
    return this.stopping;
  }

  start(spec: ProcessSpec): Supervised {
    if (this.stopping) throw new Error(`not starting ${spec.name}: the stack is stopping`);
    if (this.procs.length === 0) process.once('exit', this.killLeftovers);
    this.width = Math.max(this.width, spec.name.length);
    const prefix = makePrefix(spec.name, this.procs.length, this.width, this.color);
    const child = spawn(spec.command, spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const recent = new RingBuffer(this.keepLines);
    let resolveExited!: () => void;
    const exited = new Promise<void>((resolve) => (resolveExited = resolve));
    const proc: Supervised = { spec, child, recent, exited };
    const pipe = (stream: NodeJS.ReadableStream | null) => {
      if (!stream) return;
      const splitter = new LineSplitter();
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        for (const line of splitter.push(chunk)) this.emit(proc, prefix, line);
      });
      stream.on('end', () => {
        for (const line of splitter.flush()) this.emit(proc, prefix, line);
      });
    };
    pipe(child.stdout);
    pipe(child.stderr);
    child.on('error', (error) => {
      this.emit(proc, prefix, `failed to start: ${error.message}`);
      if (!proc.exit) {
        proc.exit = { code: null, signal: null };
        resolveExited();
        if (!this.stopping) this.options.onUnexpectedExit?.(proc);
      }
    });
    child.on('exit', (code, signal) => {
      proc.exit = { code, signal };
      resolveExited();
      if (!this.stopping) {
        this.emit(proc, prefix, `exited (${signal ?? `code ${code}`})`);
        this.options.onUnexpectedExit?.(proc);
      }
    });
    this.procs.push(proc);
    return proc;
  }

  private emit(proc: Supervised, prefix: string, line: string): void {
    proc.recent.push(line);
    this.write(`${prefix} ${line}`);
  }

  /** Stops every process, most recently started first, each with SIGTERM then SIGKILL. */
  async stopAll(): Promise<void> {
    this.stopping = true;
    for (const proc of [...this.procs].reverse()) await this.stopOne(proc);
    process.removeListener('exit', this.killLeftovers);
  }

  private async stopOne(proc: Supervised): Promise<void> {
    const pid = proc.child.pid;
    if (pid === undefined) return;
    const signalGroup = (signal: NodeJS.Signals) => {
      try {
        process.kill(-pid, signal);
      } catch {
        // the group is already gone
      }
    };
    if (!proc.exit) signalGroup('SIGTERM');
    const killAfter = this.options.killAfterMs ?? 5000;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), killAfter);
    });
    const result = await Promise.race([proc.exited.then(() => 'exited' as const), timeout]);
    clearTimeout(timer);
    // The whole group got SIGTERM with the leader; whatever still runs now is killed, so no
    // grandchild outlives the stack.
    signalGroup('SIGKILL');
    if (result === 'timeout') await proc.exited;
  }
}

/** The last lines of a process's output, formatted for an error report. */
export function tailReport(proc: Supervised, count = 20): string {
  const lines = proc.recent.lines().slice(-count);
  // JSON log lines with stacks can be kilobytes long; the start of each is what matters here.
  const clip = (l: string) => (l.length > 400 ? `${l.slice(0, 400)} …` : l);
  const body = lines.length ? lines.map((l) => `  | ${clip(l)}`).join('\n') : '  | (no output)';
  return `last ${lines.length} lines of ${proc.spec.name}:\n${body}`;
}
