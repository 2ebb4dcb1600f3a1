import {
  StreamEventData,
  type EventOf,
  type StreamEvent,
  type StreamEventName,
} from '@forum/contracts';
import type { z } from 'zod';

/** What one `data:` line of an event carries, before validation. */
export type StreamEventInput<K extends StreamEventName> = z.input<(typeof StreamEventData)[K]>;

/**
 * One SSE frame, validated against the contract (extra fields dropped). Built once per event and
 * written to every stream that gets it. JSON.stringify escapes newlines, so one `data:` line holds.
 */
export function sseFrame<K extends StreamEventName>(event: K, data: StreamEventInput<K>): string {
  const valid = StreamEventData[event].parse(data) as StreamEvent['data'];
  return `event: ${event}\ndata: ${JSON.stringify(valid)}\n\n`;
}

/** A comment line: keeps proxies from closing an idle stream; EventSource parsers skip it. */
export const KEEP_ALIVE_FRAME = ': keep-alive\n\n';

/** forum.comment.created -> the `comment` event's data (no preview text: clients fetch it). */
export const commentEventData = (
  event: EventOf<'forum.comment.created'>,
): StreamEventInput<'comment'> => ({
  post_id: event.post_id,
  comment_id: event.comment_id,
  parent_id: event.parent_id,
  author_id: event.author_id,
  author_username: event.author_username,
  created_at: event.created_at,
});
