import { z } from '../zod.js';
import { Id, Timestamp } from './common.js';
import { Message } from './messages.js';
import { Notification } from './notifications.js';

/**
 * EXTENSIONS §L: GET /api/stream, Server-Sent Events. Signed in: the caller's `notification`,
 * `unread` and `message` events; with ?post={id} (visitors too, NSFW rules as GET /posts/{id})
 * also `comment` events of that post. A comment line every 25 s keeps proxies from closing it.
 */
export const StreamQuery = z.object({ post: Id.optional() });
export type StreamQuery = z.infer<typeof StreamQuery>;

/** The SSE `event:` names, with the JSON each `data:` line carries. */
export const StreamEventData = {
  notification: Notification,
  unread: z.object({
    notifications: z.number().int().nonnegative(),
    messages: z.number().int().nonnegative(),
  }),
  message: z.object({ conversation_id: Id, message: Message }),
  comment: z.object({
    post_id: Id,
    comment_id: Id,
    parent_id: Id.nullable(),
    author_id: Id,
    author_username: z.string(),
    created_at: Timestamp,
  }),
} as const;
export type StreamEventName = keyof typeof StreamEventData;
export type StreamEvent = {
  [K in StreamEventName]: { event: K; data: z.infer<(typeof StreamEventData)[K]> };
}[StreamEventName];

export const isStreamEventName = (name: string): name is StreamEventName =>
  Object.hasOwn(StreamEventData, name);

/** Seconds between keep-alive comments (spec: every 25 s). */
export const STREAM_HEARTBEAT_SECONDS = 25;

export const StreamTexts = {
  signInRequired: 'Sign in to open a stream without a post',
} as const;

/** What the 200 of GET /api/stream is (documentation only: the body is an event stream). */
export const StreamBody = z.string().meta({
  description:
    'text/event-stream: `event: notification|unread|message|comment` + `data: <JSON>`; `: keep-alive` comments every 25 s',
});
