/** The part of the Web Locks API the live client uses (navigator.locks). */
export interface LiveLocks {
  request(name: string, callback: () => Promise<void>): Promise<void>;
}

/** The Web Lock whose holder is the one tab of this browser that opens the stream. */
export const LIVE_LOCK_NAME = 'forum-live';

/**
 * Queues for the lock; `onLeader` runs once it is held, and it is held until the returned
 * release() is called or the tab goes away (the browser then hands it to the next tab in line).
 */
export function requestLeadership(locks: LiveLocks, onLeader: () => void): () => void {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let cancelled = false;
  locks
    .request(LIVE_LOCK_NAME, async () => {
      if (cancelled) return;
      onLeader();
      await released;
    })
    .catch(() => undefined);
  return () => {
    cancelled = true;
    release();
  };
}
