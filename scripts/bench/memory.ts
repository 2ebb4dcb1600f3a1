/**
 * Resident memory (and CPU time) of the stack's processes, read from /proc/<pid>/status and
 * /proc/<pid>/stat while the bench runs. Linux only; elsewhere the sampler records nothing.
 */
import { readFileSync } from 'node:fs';

export interface ProcStatus {
  /** VmRSS, kB. */
  rssKb: number;
  /** VmHWM (peak RSS since the process started), kB. */
  hwmKb: number;
}

/** Pure: VmRSS and VmHWM from the text of /proc/<pid>/status; undefined when absent. */
export function parseProcStatus(text: string): ProcStatus | undefined {
  const field = (name: string) => {
    const m = new RegExp(`^${name}:\\s+(\\d+)\\s+kB`, 'm').exec(text);
    return m ? Number(m[1]) : undefined;
  };
  const rssKb = field('VmRSS');
  const hwmKb = field('VmHWM');
  if (rssKb === undefined || hwmKb === undefined) return undefined;
  return { rssKb, hwmKb };
}

/** Pure: user + system CPU time in clock ticks from the text of /proc/<pid>/stat. */
export function parseProcStatTicks(text: string): number | undefined {
  // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // rest[0] is field 3 (state); utime and stime are fields 14 and 15.
  const utime = Number(rest[11]);
  const stime = Number(rest[12]);
  return Number.isFinite(utime) && Number.isFinite(stime) ? utime + stime : undefined;
}

/** Linux's USER_HZ, the unit of /proc/<pid>/stat times (100 on every mainstream build). */
const CLOCK_TICKS = 100;

export interface Watched {
  name: string;
  pid: number;
}

export interface MemorySample {
  /** ms since the sampler started. */
  at: number;
  /** A label set with mark() ('seed', 'load', ...). */
  phase: string;
  /** Per process name: RSS in kB (missing when the process is gone). */
  rssKb: Record<string, number>;
  /** Per process name: CPU seconds used so far. */
  cpuSeconds: Record<string, number>;
}

export class MemorySampler {
  readonly samples: MemorySample[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly started = Date.now();
  private phase = 'start';
  private readonly listeners: ((s: MemorySample) => void)[] = [];

  constructor(readonly processes: Watched[]) {}

  /** Samples now and then every `intervalMs`. */
  start(intervalMs: number): this {
    this.sample();
    this.timer = setInterval(() => this.sample(), intervalMs);
    this.timer.unref();
    return this;
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Restarts the interval (e.g. 10 s samples for a soak after 1 s samples during the seed). */
  every(intervalMs: number): void {
    this.stop();
    this.start(intervalMs);
  }

  /** Labels the samples that follow; also takes one at once. */
  mark(phase: string): MemorySample {
    this.phase = phase;
    return this.sample();
  }

  onSample(listener: (s: MemorySample) => void): void {
    this.listeners.push(listener);
  }

  sample(): MemorySample {
    const s: MemorySample = {
      at: Date.now() - this.started,
      phase: this.phase,
      rssKb: {},
      cpuSeconds: {},
    };
    for (const p of this.processes) {
      const status = readProc(p.pid, 'status');
      const parsed = status === undefined ? undefined : parseProcStatus(status);
      if (parsed) s.rssKb[p.name] = parsed.rssKb;
      const stat = readProc(p.pid, 'stat');
      const ticks = stat === undefined ? undefined : parseProcStatTicks(stat);
      if (ticks !== undefined) s.cpuSeconds[p.name] = ticks / CLOCK_TICKS;
    }
    this.samples.push(s);
    for (const l of this.listeners) l(s);
    return s;
  }

  /** VmHWM of each process now (its lifetime peak RSS, kB). */
  highWaterMarks(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const p of this.processes) {
      const status = readProc(p.pid, 'status');
      const parsed = status === undefined ? undefined : parseProcStatus(status);
      if (parsed) out[p.name] = parsed.hwmKb;
    }
    return out;
  }
}

function readProc(pid: number, file: 'status' | 'stat'): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return undefined;
  }
}

export interface ProcessMemory {
  name: string;
  /** MB at the first sample of the window. */
  start: number;
  peak: number;
  end: number;
  /** Kernel VmHWM at the end: the lifetime peak, seeding included (MB). */
  hwm: number;
  /** Average CPU use over the window, % of one core. */
  cpuPercent: number;
}

/** Pure: per process, start/peak/end RSS over `samples` (one window, e.g. the load phase). */
export function summarizeMemory(
  names: readonly string[],
  samples: readonly MemorySample[],
  hwmKb: Record<string, number>,
): ProcessMemory[] {
  const mb = (kb: number | undefined) => (kb === undefined ? Number.NaN : kb / 1024);
  return names.map((name) => {
    const values = samples.map((s) => s.rssKb[name]).filter((v) => v !== undefined);
    const first = samples.find((s) => s.cpuSeconds[name] !== undefined);
    const last = samples.findLast((s) => s.cpuSeconds[name] !== undefined);
    const seconds = first && last ? (last.at - first.at) / 1000 : 0;
    const cpu =
      first && last && seconds > 0
        ? ((last.cpuSeconds[name]! - first.cpuSeconds[name]!) / seconds) * 100
        : Number.NaN;
    return {
      name,
      start: mb(values[0]),
      peak: values.length ? mb(Math.max(...values)) : Number.NaN,
      end: mb(values[values.length - 1]),
      hwm: mb(hwmKb[name]),
      cpuPercent: cpu,
    };
  });
}
