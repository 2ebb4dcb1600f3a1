import { useEffect, useRef, useSyncExternalStore } from 'react';
import { liveHub } from './hub';
import type { LiveEventData, LiveEventName, LiveStatus } from './types';

/** 'live' while this browser's stream is open (whichever tab holds it), else 'down'. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(liveHub.subscribeStatus, liveHub.getStatus, liveHub.getStatus);
}

/** Calls `handler` with each `name` event's data, in every tab of the browser. */
export function useLiveEvent<K extends LiveEventName>(
  name: K,
  handler: (data: LiveEventData<K>) => void,
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => liveHub.on(name, (data) => latest.current(data as LiveEventData<K>)), [name]);
}

/** This tab shows `postId`: the stream carries its `comment` events (when its tab is the latest). */
export function useLivePost(postId: string | undefined): void {
  useEffect(() => (postId ? liveHub.showPost(postId) : undefined), [postId]);
}
