import type { LiveUserEvent } from '@forum/contracts';
import type { StreamDeps } from '../deps.js';
import { sseFrame } from '../presenters/sse-frames.js';

/**
 * A live hint for one user -> that user's streams on this instance. Items go out at once; the
 * counts follow from messaging (coalesced), since a hint never carries them.
 */
export function deliverLiveEvent(
  { hub, unread }: Pick<StreamDeps, 'hub' | 'unread'>,
  event: LiveUserEvent,
): void {
  if (hub.streamsOf(event.user_id).size === 0) return;
  if (event.type === 'notification') {
    hub.toUser(event.user_id, sseFrame('notification', event.notification));
  } else if (event.type === 'message') {
    const { conversation_id, message } = event;
    hub.toUser(event.user_id, sseFrame('message', { conversation_id, message }));
  }
  unread.request(event.user_id);
}
