import { isBusMessage, type BusChannel, type BusMessage } from './bus';
import { runStream, type StreamDeps, type StreamTarget } from './connection';
import { chosenPost, type TabInterest } from './interest';
import { requestLeadership, type LiveLocks } from './leader';
import type { LiveEvent, LiveSink, LiveStatus } from './types';

/** Who is signed in, as the live client needs it (the SDK's session fits). */
export interface LiveSession {
  getState(): { user: { id: string } | null };
  subscribe(listener: () => void): () => void;
}

export interface LiveClientOptions {
  session: LiveSession;
  stream: StreamDeps;
  /** Both present: one leader tab streams for all. Either missing: this tab streams for itself. */
  locks: LiveLocks | null;
  channel: BusChannel | null;
  tabId: string;
  now?: () => number;
}

export interface LiveClient {
  /** The post this tab shows (null: none); `active` when the tab is focused or visible. */
  setInterest(postId: string | null, active: boolean): void;
  /** The tab was focused or made visible: its post becomes the one streamed. */
  touch(): void;
  /** The tab is going away (pagehide): other tabs forget its post. */
  leave(): void;
  close(): void;
}

/**
 * One tab's part of the browser's single stream (EXTENSIONS §L). Every tab queues for the
 * `forum-live` Web Lock; the holder (leader) opens the stream for the signed-in user and the post
 * of the most recently focused tab that shows one, hands each event to its own sink and
 * re-broadcasts it, with its status, to the others over the `forum-live` BroadcastChannel.
 * Every tab tracks all tabs' interests, so whichever tab gets the lock next knows them already.
 */
export function createLiveClient(options: LiveClientOptions, sink: LiveSink): LiveClient {
  const { session, tabId } = options;
  const now = options.now ?? (() => Date.now());
  const shared = options.locks !== null && options.channel !== null;
  const channel = shared ? options.channel : null;
  const interests = new Map<string, TabInterest>();
  const refused = new Set<string>();
  let mine: TabInterest = { postId: null, at: 0 };
  let leader = false;
  let streamKey: string | null = null;
  let stopStream: (() => void) | null = null;
  let closed = false;
  let status: LiveStatus = 'down';

  const post = (message: BusMessage) => channel?.postMessage(message);

  function setStatus(next: LiveStatus) {
    status = next;
    sink.setStatus(next);
    post({ kind: 'status', status: next });
  }

  function deliver(event: LiveEvent) {
    sink.dispatch(event);
    post({ kind: 'event', event });
  }

  /** The leader's stream follows the user and the chosen post. */
  function reconcile() {
    if (!leader || closed) return;
    const userId = session.getState().user?.id ?? null;
    const refusedFor = new Set(
      [...refused]
        .filter((k) => k.startsWith(`${userId}:`))
        .map((k) => k.slice(`${userId}:`.length)),
    );
    const postId = chosenPost(interests.values(), refusedFor);
    // Visitors stream only while some tab shows a post.
    const target: StreamTarget | null = userId || postId ? { userId, postId } : null;
    const key = target ? `${target.userId ?? ''}|${target.postId ?? ''}` : null;
    if (key === streamKey) return;
    stopStream?.();
    stopStream = null;
    streamKey = key;
    if (!target) {
      setStatus('down');
      return;
    }
    stopStream = runStream(target, options.stream, {
      onStatus: setStatus,
      onEvent: deliver,
      onRefused: (postId) => {
        refused.add(`${userId}:${postId}`);
        reconcile();
      },
    });
  }

  function announce() {
    interests.set(tabId, mine);
    post({ kind: 'interest', tab: tabId, postId: mine.postId, at: mine.at });
    reconcile();
  }

  function onMessage(message: BusMessage) {
    switch (message.kind) {
      case 'event':
        sink.dispatch(message.event);
        break;
      case 'status':
        sink.setStatus(message.status);
        break;
      case 'interest':
        interests.set(message.tab, { postId: message.postId, at: message.at });
        reconcile();
        break;
      case 'bye':
        interests.delete(message.tab);
        reconcile();
        break;
      case 'hello':
        post({ kind: 'interest', tab: tabId, postId: mine.postId, at: mine.at });
        break;
      case 'ask-status':
        if (leader) post({ kind: 'status', status });
        break;
    }
  }

  function becomeLeader() {
    if (closed) return;
    leader = true;
    // Not connected yet: followers stop trusting the previous leader's 'live'.
    setStatus('down');
    post({ kind: 'hello' });
    reconcile();
  }

  channel?.addEventListener('message', (e) => {
    if (!closed && isBusMessage(e.data)) onMessage(e.data);
  });
  const unsubscribe = session.subscribe(reconcile);
  interests.set(tabId, mine);
  let release: () => void = () => undefined;
  if (shared) {
    post({ kind: 'ask-status' });
    post({ kind: 'hello' });
    release = requestLeadership(options.locks!, becomeLeader);
  } else {
    becomeLeader();
  }

  return {
    setInterest(postId, active) {
      if (postId === mine.postId && !active) return;
      mine = { postId, at: active ? now() : mine.at };
      announce();
    },
    touch() {
      if (!mine.postId) return;
      mine = { postId: mine.postId, at: now() };
      announce();
    },
    leave() {
      post({ kind: 'bye', tab: tabId });
    },
    close() {
      if (closed) return;
      post({ kind: 'bye', tab: tabId });
      closed = true;
      stopStream?.();
      stopStream = null;
      unsubscribe();
      release();
      channel?.close();
    },
  };
}
