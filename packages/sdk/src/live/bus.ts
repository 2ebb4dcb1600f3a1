import type { LiveEvent, LiveStatus } from './types';

/** The BroadcastChannel every tab of the browser listens on. */
export const LIVE_CHANNEL_NAME = 'forum-live';

/** What tabs tell each other (a BroadcastChannel never delivers a tab's own messages to it). */
export type BusMessage =
  /** Leader -> others: an event of the stream. */
  | { kind: 'event'; event: LiveEvent }
  /** Leader -> others: the stream is open or not. */
  | { kind: 'status'; status: LiveStatus }
  /** Any tab -> all: the post it shows (null: none) and when it was last focused. */
  | { kind: 'interest'; tab: string; postId: string | null; at: number }
  /** A tab goes away: forget its interest. */
  | { kind: 'bye'; tab: string }
  /** A new leader asks every tab for its interest. */
  | { kind: 'hello' }
  /** A new tab asks the leader for its status. */
  | { kind: 'ask-status' };

/** The part of BroadcastChannel the live client uses. */
export interface BusChannel {
  postMessage(message: BusMessage): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

const KINDS = new Set(['event', 'status', 'interest', 'bye', 'hello', 'ask-status']);

export function isBusMessage(value: unknown): value is BusMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    KINDS.has((value as { kind?: unknown }).kind as string)
  );
}
