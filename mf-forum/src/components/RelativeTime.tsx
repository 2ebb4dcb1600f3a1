import { useSyncExternalStore } from 'react';
import { relativeTime } from '../lib/display';

/**
 * One clock for every "5m ago" on the page: a single interval, running only while some time is
 * shown, so relative times keep moving on a page left open.
 */
const TICK_MS = 10_000;
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const snapshot = () => now;

export function RelativeTime({ value, testId }: { value: string; testId?: string }) {
  const at = useSyncExternalStore(subscribe, snapshot);
  const date = new Date(value);
  return (
    <time
      dateTime={value}
      title={Number.isNaN(date.getTime()) ? undefined : date.toLocaleString()}
      data-testid={testId}
    >
      {relativeTime(value, Math.max(at, Date.now() - TICK_MS))}
    </time>
  );
}
