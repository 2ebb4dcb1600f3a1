import { useSyncExternalStore } from 'react';

interface Ticker {
  now: number;
  listeners: Set<() => void>;
  timer: ReturnType<typeof setInterval> | undefined;
  subscribe: (listener: () => void) => () => void;
  snapshot: () => number;
}

const tickers = new Map<number, Ticker>();

function tickerFor(everyMs: number): Ticker {
  let ticker = tickers.get(everyMs);
  if (ticker) return ticker;
  const t: Ticker = {
    now: Date.now(),
    listeners: new Set(),
    timer: undefined,
    subscribe(listener) {
      t.listeners.add(listener);
      if (!t.timer) {
        t.now = Date.now();
        t.timer = setInterval(() => {
          t.now = Date.now();
          for (const l of t.listeners) l();
        }, everyMs);
      }
      return () => {
        t.listeners.delete(listener);
        if (t.listeners.size === 0 && t.timer) {
          clearInterval(t.timer);
          t.timer = undefined;
        }
      };
    },
    snapshot: () => t.now,
  };
  ticker = t;
  tickers.set(everyMs, ticker);
  return ticker;
}

/**
 * The current time, refreshed every `everyMs`: one interval per rate for the whole page (every
 * "5m ago", countdown and online dot of a rate shares it), running only while something shows.
 */
export function useNow(everyMs: number): number {
  const ticker = tickerFor(everyMs);
  const now = useSyncExternalStore(ticker.subscribe, ticker.snapshot);
  // A ticker that slept while nothing listened starts from its last tick: never show older.
  return Math.max(now, Date.now() - everyMs);
}
