/**
 * One progress bar line per phase: redrawn in place on a terminal, printed every 10% otherwise
 * (CI logs). Counts failures so a flaky request does not stop the run.
 */
export class Progress {
  private done = 0;
  private failed = 0;
  private lastPrinted = -1;
  private readonly started = Date.now();
  private readonly tty = Boolean(process.stderr.isTTY);

  constructor(
    private readonly label: string,
    private readonly total: number,
  ) {
    this.draw();
  }

  tick(ok = true): void {
    this.done++;
    if (!ok) this.failed++;
    this.draw();
  }

  get failures(): number {
    return this.failed;
  }

  finish(note = ''): void {
    this.draw(true);
    process.stderr.write(`${this.tty ? '\n' : ''}${note ? `  ${note}\n` : ''}`);
  }

  private draw(force = false): void {
    const ratio = this.total ? this.done / this.total : 1;
    const width = 28;
    const filled = Math.round(ratio * width);
    const seconds = (Date.now() - this.started) / 1000;
    const rate = seconds > 0 ? (this.done / seconds).toFixed(0) : '0';
    const line =
      `${this.label.padEnd(14)} [${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ` +
      `${this.done}/${this.total} ${rate}/s${this.failed ? `, ${this.failed} failed` : ''}`;
    if (this.tty) {
      process.stderr.write(`\r${line}`);
      return;
    }
    const decile = Math.floor(ratio * 10);
    if (force || decile !== this.lastPrinted) {
      this.lastPrinted = decile;
      process.stderr.write(`${line}\n`);
    }
  }
}

/** Run `task` for each item with at most `concurrency` in flight, ticking the bar. */
export async function runPool<T, R>(
  items: readonly T[],
  concurrency: number,
  progress: Progress,
  task: (item: T, index: number) => Promise<R>,
): Promise<(R | undefined)[]> {
  const results: (R | undefined)[] = new Array(items.length);
  let next = 0;
  let fatal: unknown;
  const worker = async () => {
    while (next < items.length && !fatal) {
      const i = next++;
      try {
        results[i] = await task(items[i]!, i);
        progress.tick(true);
      } catch (error) {
        if (error instanceof FatalSeedError) fatal = error;
        progress.tick(false);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  if (fatal) throw fatal;
  return results;
}

/** Stops the whole run (e.g. the auth rate limit), unlike a single failed request. */
export class FatalSeedError extends Error {}
