import { serviceUnavailable } from '@forum/service-kit';
import { KEEP_ALIVE_FRAME } from '../presenters/sse-frames.js';
import type { EndReason, LiveStream } from './live-stream.js';

export interface StreamHubOptions {
  heartbeatMs: number;
  /** Most bytes a stream may have waiting in its socket when an event is written. */
  maxBufferBytes: number;
  onSlowClientDropped: () => void;
}

export interface StreamHub {
  /**
   * Takes a stream in before its checks run, so no event of its user or post can slip between the
   * checks and the headers; until open() it only notes that something came. 503 while shutting down.
   */
  register(stream: LiveStream): void;
  /** Headers are out: write from now on, starting with these frames. */
  open(stream: LiveStream, firstFrames: string[]): void;
  end(stream: LiveStream, reason: EndReason): void;
  toUser(userId: string, frame: string): void;
  toPost(postId: string, frame: string): void;
  endUser(userId: string, reason: EndReason, only?: (stream: LiveStream) => boolean): void;
  /** The user's streams on this instance (open or opening). */
  streamsOf(userId: string): ReadonlySet<LiveStream>;
  readonly openCount: number;
  /** Refuse new streams and end every open one (clients reconnect to another instance). */
  shutdown(): void;
}

const NONE: ReadonlySet<LiveStream> = new Set();
/** setTimeout's ceiling (about 24.8 days); a later expiry is re-armed when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function addTo(map: Map<string, Set<LiveStream>>, key: string, stream: LiveStream): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(stream);
}

function removeFrom(map: Map<string, Set<LiveStream>>, key: string, stream: LiveStream): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(stream);
  if (set.size === 0) map.delete(key);
}

/**
 * This instance's open streams by user and by post. Writes never queue per stream: a socket with
 * more than maxBufferBytes waiting is a client that cannot keep up, and it is dropped (it
 * reconnects and resyncs), so memory stays bounded by streams x maxBufferBytes.
 */
export function createStreamHub({
  heartbeatMs,
  maxBufferBytes,
  onSlowClientDropped,
}: StreamHubOptions): StreamHub {
  const all = new Set<LiveStream>();
  const byUser = new Map<string, Set<LiveStream>>();
  const byPost = new Map<string, Set<LiveStream>>();
  let openCount = 0;
  let closing = false;

  function end(stream: LiveStream, reason: EndReason): void {
    if (stream.endedBy) return;
    stream.endedBy = reason;
    clearTimeout(stream.expiryTimer);
    all.delete(stream);
    if (stream.userId) removeFrom(byUser, stream.userId, stream);
    if (stream.postId) removeFrom(byPost, stream.postId, stream);
    if (stream.open) openCount -= 1;
    const { res } = stream;
    if (!stream.open || reason === 'client gone') {
      // Nothing to close: its handler answers a stream that ends while opening.
    } else if (reason === 'slow client') {
      res.destroy();
    } else if (reason === 'shutdown') {
      // Close the connection too, so the server's close() does not wait for it to go idle.
      res.end(() => res.socket?.end());
    } else {
      res.end();
    }
    const level = reason === 'slow client' ? 'warn' : 'debug';
    stream.log[level]({ reason, ms: Date.now() - stream.openedAtMs }, 'stream ended');
    stream.finish(reason);
  }

  function write(stream: LiveStream, frame: string): void {
    if (stream.endedBy) return;
    if (!stream.open) {
      stream.missedWhileOpening = true;
      return;
    }
    if (stream.res.writableLength > maxBufferBytes) {
      onSlowClientDropped();
      end(stream, 'slow client');
      return;
    }
    stream.res.write(frame);
  }

  function armExpiry(stream: LiveStream): void {
    if (stream.expiresAtMs === undefined) return;
    const wait = stream.expiresAtMs - Date.now();
    if (wait <= 0) return end(stream, 'token expired');
    stream.expiryTimer = setTimeout(() => armExpiry(stream), Math.min(wait, MAX_TIMER_MS));
    stream.expiryTimer.unref();
  }

  // One timer for every stream; a copy because a slow client is removed during the loop.
  const heartbeat = setInterval(() => {
    for (const stream of [...all]) write(stream, KEEP_ALIVE_FRAME);
  }, heartbeatMs);
  heartbeat.unref();

  return {
    register(stream) {
      if (closing) throw serviceUnavailable('Service unavailable');
      all.add(stream);
      if (stream.userId) addTo(byUser, stream.userId, stream);
      if (stream.postId) addTo(byPost, stream.postId, stream);
      stream.res.once('close', () => end(stream, 'client gone'));
      armExpiry(stream);
    },
    open(stream, firstFrames) {
      if (stream.endedBy || stream.open) return;
      stream.open = true;
      openCount += 1;
      for (const frame of firstFrames) write(stream, frame);
    },
    end,
    toUser(userId, frame) {
      const streams = byUser.get(userId);
      if (streams) for (const stream of [...streams]) write(stream, frame);
    },
    toPost(postId, frame) {
      const streams = byPost.get(postId);
      if (streams) for (const stream of [...streams]) write(stream, frame);
    },
    endUser(userId, reason, only = () => true) {
      const streams = byUser.get(userId);
      if (streams) for (const stream of [...streams]) if (only(stream)) end(stream, reason);
    },
    streamsOf: (userId) => byUser.get(userId) ?? NONE,
    get openCount() {
      return openCount;
    },
    shutdown() {
      closing = true;
      clearInterval(heartbeat);
      for (const stream of [...all]) end(stream, 'shutdown');
    },
  };
}
