import type { Logger } from '@forum/service-kit';
import { sseFrame } from '../presenters/sse-frames.js';
import type { MessagingClient } from '../upstreams/messaging-client.js';
import type { LiveStream } from './live-stream.js';
import type { StreamHub } from './stream-hub.js';

export interface UnreadRefresher {
  /** Send the user's streams fresh unread counts, soon. */
  request(userId: string): void;
}

/** The user's token that lives longest: the likeliest to be accepted when the answer is due. */
function freshestToken(streams: ReadonlySet<LiveStream>): string | undefined {
  let best: LiveStream | undefined;
  for (const stream of streams) {
    if (!stream.authorization) continue;
    if (!best || (stream.expiresAtMs ?? Infinity) > (best.expiresAtMs ?? Infinity)) best = stream;
  }
  return best?.authorization;
}

/**
 * Unread counts come from messaging (it owns them). A burst of events must not become a burst of
 * calls: per user, one fetch is in flight and at most one more is queued behind it, whatever
 * arrives meanwhile, and every stream of the user on this instance gets the same answer.
 */
export function createUnreadRefresher({
  hub,
  messaging,
  logger,
}: {
  hub: StreamHub;
  messaging: MessagingClient;
  logger: Logger;
}): UnreadRefresher {
  /** Users with a fetch in flight -> whether another one is queued behind it. */
  const queued = new Map<string, boolean>();

  async function refresh(userId: string): Promise<void> {
    const authorization = freshestToken(hub.streamsOf(userId));
    if (!authorization) return;
    const answer = await messaging.unreadCounts(authorization);
    if (answer.kind === 'counts') {
      hub.toUser(userId, sseFrame('unread', answer.counts));
    } else if (answer.kind === 'refused') {
      // The account was deactivated (or the token revoked): its streams end, as a new one would.
      hub.endUser(userId, 'token refused', (s) => s.authorization === authorization);
    } else {
      logger.warn({ userId, reason: answer.reason }, 'unread counts unavailable');
    }
  }

  function run(userId: string): void {
    queued.set(userId, false);
    void refresh(userId)
      .catch((err: unknown) => logger.error({ err, userId }, 'unread refresh failed'))
      .finally(() => {
        if (queued.get(userId)) run(userId);
        else queued.delete(userId);
      });
  }

  return {
    request(userId) {
      if (queued.has(userId)) queued.set(userId, true);
      else run(userId);
    },
  };
}
