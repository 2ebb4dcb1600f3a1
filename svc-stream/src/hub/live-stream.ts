import type { ServerResponse } from 'node:http';
import type { Logger } from '@forum/service-kit';

/** Why a stream ended (logged, and counted where it matters). */
export type EndReason =
  | 'client gone'
  /** Its checks refused it (or failed) before it opened. */
  | 'not admitted'
  | 'token expired'
  | 'account deactivated'
  | 'token refused'
  | 'slow client'
  | 'shutdown';

/** One open (or opening) GET /api/stream response and whose events it gets. */
export interface LiveStream {
  readonly res: ServerResponse;
  readonly log: Logger;
  /** The signed-in caller; undefined for a visitor's post stream. */
  readonly userId: string | undefined;
  /** The post whose comments it gets (?post=). */
  readonly postId: string | undefined;
  /** The caller's Authorization header, for unread counts (never logged). */
  readonly authorization: string | undefined;
  /** When the token expires (ms since epoch): the stream ends then. */
  readonly expiresAtMs: number | undefined;
  readonly openedAtMs: number;
  /** False while the checks run: events are not written yet, only noted. */
  open: boolean;
  /** An event for the user came while it was opening (its unread counts may be stale). */
  missedWhileOpening: boolean;
  /** Set once it has ended (a stream that ends while opening is answered by its handler). */
  endedBy: EndReason | undefined;
  expiryTimer: NodeJS.Timeout | undefined;
  /** Resolves once the stream has ended, for whatever reason. */
  readonly done: Promise<EndReason>;
  finish(reason: EndReason): void;
}

export type LiveStreamInit = Pick<
  LiveStream,
  'res' | 'log' | 'userId' | 'postId' | 'authorization' | 'expiresAtMs'
>;

export function createLiveStream(init: LiveStreamInit): LiveStream {
  let finish!: (reason: EndReason) => void;
  const done = new Promise<EndReason>((resolve) => {
    finish = resolve;
  });
  return {
    ...init,
    openedAtMs: Date.now(),
    open: false,
    missedWhileOpening: false,
    endedBy: undefined,
    expiryTimer: undefined,
    done,
    finish,
  };
}
