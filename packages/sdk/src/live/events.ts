import type { LiveEvent } from './types';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (o: Json, ...keys: string[]) => keys.every((k) => typeof o[k] === 'string');
const count = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/**
 * Shape checks without zod (which would weigh on the live chunk): enough that a handler can use
 * the fields it reads; the server validates every event against the contract before sending.
 */
const checks: Record<LiveEvent['event'], (data: unknown) => boolean> = {
  notification: (d) =>
    isObject(d) &&
    strings(d, 'id', 'type', 'title', 'created_at') &&
    typeof d.is_read === 'boolean',
  unread: (d) => isObject(d) && count(d.notifications) && count(d.messages),
  message: (d) =>
    isObject(d) &&
    typeof d.conversation_id === 'string' &&
    isObject(d.message) &&
    strings(d.message, 'id', 'conversation_id', 'sender_id', 'content', 'created_at'),
  comment: (d) =>
    isObject(d) &&
    strings(d, 'post_id', 'comment_id', 'author_id', 'author_username', 'created_at') &&
    (d.parent_id === null || typeof d.parent_id === 'string'),
};

/** One SSE message as a live event, or null when its name is unknown or its data malformed. */
export function parseLiveEvent(name: string, data: string): LiveEvent | null {
  if (!Object.hasOwn(checks, name)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  const event = name as LiveEvent['event'];
  return checks[event](parsed) ? ({ event, data: parsed } as LiveEvent) : null;
}
