import { UnreadCountResponse, type StreamEventData } from '@forum/contracts';
import { INVALID_TOKEN } from '@forum/service-kit';
import type { z } from 'zod';
import { errorText, upstreamGet, type UpstreamGetOptions } from './upstream-get.js';

export type UnreadCounts = z.infer<(typeof StreamEventData)['unread']>;

/** What messaging said about a token's unread counts. */
export type UnreadAnswer =
  | { kind: 'counts'; counts: UnreadCounts }
  /** The token is refused (deactivated or banned account): messaging's status and text. */
  | { kind: 'refused'; status: number; error: string }
  /** Messaging is down, slow or answered something unexpected. */
  | { kind: 'unavailable'; reason: string };

export interface MessagingClient {
  unreadCounts(
    authorization: string,
    options?: { requestId?: string | undefined },
  ): Promise<UnreadAnswer>;
}

export function createMessagingClient(baseUrl: string, timeoutMs: number): MessagingClient {
  /** One count, or messaging's 401 text; anything else throws (messaging unavailable). */
  const count = async (path: string, options: UpstreamGetOptions): Promise<number | string> => {
    const answer = await upstreamGet(new URL(path, baseUrl).href, options);
    if (answer.status === 401) return errorText(answer.body, INVALID_TOKEN);
    if (answer.status !== 200) throw new Error(`messaging answered ${answer.status} to ${path}`);
    return UnreadCountResponse.parse(answer.body).unreadCount;
  };

  return {
    async unreadCounts(authorization, { requestId } = {}) {
      const options = { authorization, requestId, timeoutMs };
      try {
        const [notifications, messages] = await Promise.all([
          count('/api/notifications/unread-count', options),
          count('/api/messages/unread-count', options),
        ]);
        if (typeof notifications === 'string') {
          return { kind: 'refused', status: 401, error: notifications };
        }
        if (typeof messages === 'string') return { kind: 'refused', status: 401, error: messages };
        return { kind: 'counts', counts: { notifications, messages } };
      } catch (err) {
        return { kind: 'unavailable', reason: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}
