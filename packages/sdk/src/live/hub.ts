import { defaultApiRef, defaultSessionRef } from '../react';
import type { LiveClient } from './client';
import type { LiveEvent, LiveEventName, LiveSink, LiveStatus } from './types';

type Handler = (data: unknown) => void;

/**
 * This tab's side of the live updates, small enough for every first page: the status, the event
 * handlers and the posts on screen. The client that streams (eventsource-parser, leader
 * election) is a chunk of its own, loaded once someone is signed in or a post is shown.
 */
let status: LiveStatus = 'down';
const statusListeners = new Set<() => void>();
const handlers = new Map<LiveEventName, Set<Handler>>();
/** Posts this tab shows, the latest last (a page may mount a new one before the old unmounts). */
const shownPosts: string[] = [];
let client: LiveClient | null = null;
let loading = false;
let started = false;

const sink: LiveSink = {
  setStatus(next) {
    if (next === status) return;
    status = next;
    statusListeners.forEach((l) => l());
  },
  dispatch(event: LiveEvent) {
    handlers.get(event.event)?.forEach((handler) => {
      try {
        handler(event.data);
      } catch (error) {
        // One screen's failing handler must not cut the stream for the others.
        console.error(error);
      }
    });
  },
};

const currentPost = () => shownPosts.at(-1) ?? null;

function load() {
  const session = defaultSessionRef.current;
  if (client || loading || (!session.getState().user && shownPosts.length === 0)) return;
  loading = true;
  import('./browser')
    .then(({ createBrowserLiveClient }) => {
      client = createBrowserLiveClient(defaultApiRef.current, session, sink, currentPost);
    })
    .catch(() => {
      // The chunk did not load (offline, new deployment): polling goes on; a later need retries.
      loading = false;
    });
}

/** Something needs live updates: follow the session, load the client once there is a use. */
function start() {
  if (!started && typeof window !== 'undefined') {
    started = true;
    defaultSessionRef.current.subscribe(load);
  }
  if (started) load();
}

function postsChanged() {
  start();
  client?.setInterest(currentPost(), document.visibilityState === 'visible');
}

export const liveHub = {
  getStatus: (): LiveStatus => status,
  subscribeStatus(listener: () => void): () => void {
    start();
    statusListeners.add(listener);
    return () => statusListeners.delete(listener);
  },
  on(name: LiveEventName, handler: Handler): () => void {
    start();
    let set = handlers.get(name);
    if (!set) handlers.set(name, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  },
  showPost(postId: string): () => void {
    shownPosts.push(postId);
    postsChanged();
    return () => {
      const i = shownPosts.lastIndexOf(postId);
      if (i >= 0) shownPosts.splice(i, 1);
      postsChanged();
    };
  },
};
