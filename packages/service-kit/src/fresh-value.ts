/**
 * A value read from the database and shared by one process's requests for at most `maxAgeMs`
 * from when its read began. Callers at the same moment share one read. `forget()` (after this
 * process changed what the value reads) makes the next caller read again; a read that began
 * before it still answers its own callers but is never kept.
 */
export interface FreshValue<T> {
  get(): Promise<T>;
  forget(): void;
}

export function freshValue<T>(
  read: () => Promise<T>,
  maxAgeMs: number,
  now: () => number = () => Date.now(),
): FreshValue<T> {
  let generation = 0;
  let kept: { value: T; at: number } | undefined;
  let inFlight: { generation: number; promise: Promise<T> } | undefined;
  return {
    get() {
      const started = now();
      if (kept && started - kept.at < maxAgeMs) return Promise.resolve(kept.value);
      if (inFlight?.generation === generation) return inFlight.promise;
      const mine = generation;
      const promise = read().then((value) => {
        if (generation === mine) kept = { value, at: started };
        return value;
      });
      inFlight = { generation: mine, promise };
      const settled = () => {
        if (inFlight?.promise === promise) inFlight = undefined;
      };
      promise.then(settled, settled);
      return promise;
    },
    forget() {
      generation++;
      kept = undefined;
      inFlight = undefined;
    },
  };
}
