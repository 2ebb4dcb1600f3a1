import type { StreamEvent, StreamEventName } from '@forum/contracts';

/** The leader tab's stream: open ('live') or not ('down', polling takes over). */
export type LiveStatus = 'live' | 'down';

/** The SSE `event:` names of GET /api/stream. */
export type LiveEventName = StreamEventName;
export type LiveEvent = StreamEvent;
/** What a `useLiveEvent(name, handler)` handler gets: the event's `data:` JSON. */
export type LiveEventData<K extends LiveEventName> = Extract<StreamEvent, { event: K }>['data'];

/** Where the live client hands its results: this tab's status and events. */
export interface LiveSink {
  setStatus(status: LiveStatus): void;
  dispatch(event: LiveEvent): void;
}
