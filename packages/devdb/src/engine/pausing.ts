/**
 * Work that lets other connections in: a generator that yields PAUSE where the event loop may
 * run, checking a time slice between small units of work, and returns its result at the end.
 * `drive` runs it: synchronously while it fits in one slice (most commands), otherwise one
 * macrotask per slice, so no single command holds the server's one thread for long.
 */
export const PAUSE = Symbol('pause');
export type Pause = typeof PAUSE;
export type Pausing<T> = Generator<Pause, T, void>;

/** A pausing command runs at most this long before it lets other connections in. */
export const SLICE_MS = 10;

export class Slice {
  private start = performance.now();

  constructor(private readonly ms: number = SLICE_MS) {}

  /** Whether the slice is used up: the work should yield PAUSE at its next consistent point. */
  get over(): boolean {
    return performance.now() - this.start > this.ms;
  }

  restart(): void {
    this.start = performance.now();
  }
}

/** A slice that never ends: the work runs in one go (inside a transaction, at start-up). */
export const WHOLE = new Slice(Infinity);

/**
 * Runs `work` to its end. After each pause it waits a macrotask (other connections' requests
 * and timers run), then for `resume` (e.g. a transaction's lock to be released) before going on.
 */
export function drive<T>(
  work: Pausing<T>,
  slice: Slice,
  resume?: () => Promise<void> | undefined,
): T | Promise<T> {
  const first = work.next();
  if (first.done) return first.value;
  return (async () => {
    try {
      for (;;) {
        await new Promise<void>((r) => setImmediate(r));
        await resume?.();
        slice.restart();
        const step = work.next();
        if (step.done) return step.value;
      }
    } catch (err) {
      // Stopped from outside (e.g. a step-down): let the work's `finally` blocks run.
      work.return(undefined as never);
      throw err;
    }
  })();
}

/** Runs pausing work that cannot pause (its slice is WHOLE) and returns its result. */
export function runWhole<T>(work: Pausing<T>): T {
  const step = work.next();
  if (!step.done) throw new Error('devdb: work paused in a slice that never ends');
  return step.value;
}
