import type { EventOf } from '@forum/contracts';
import type { StreamDeps } from '../deps.js';
import { commentEventData, sseFrame } from '../presenters/sse-frames.js';

/** A new comment -> every stream on this instance that follows its post. */
export function deliverComment(
  { hub }: Pick<StreamDeps, 'hub'>,
  event: EventOf<'forum.comment.created'>,
): void {
  hub.toPost(event.post_id, sseFrame('comment', commentEventData(event)));
}
