import { JSONCodec } from 'nats';
import { LiveSubjects, LiveUserEvent } from '@forum/contracts';
import { waitFor } from '@forum/service-kit/testing';
import type { RunningMessaging } from '../server.js';
import { newId, type Harness } from './harness.js';

export interface ReceivedHint {
  subject: string;
  /** As it arrived; `event` is its LiveUserEvent parse (undefined if it did not validate). */
  raw: unknown;
  event: LiveUserEvent | undefined;
}

export interface LiveHints {
  /** Every hint received so far, the barriers' markers left out. */
  received(): ReceivedHint[];
  /** The hints for one user, parsed (a hint that fails LiveUserEvent fails the test). */
  of(userId: string): LiveUserEvent[];
  /**
   * Until everything `svc` published before this call has arrived: a marker sent on the same
   * connection comes after them (NATS keeps one connection's messages in order per subscriber).
   * Call it after the HTTP response, or after h.caughtUp() for consumers.
   */
  settled(svc?: RunningMessaging): Promise<void>;
  stop(): void;
}

/** Subscribes to `live.user.*` on the harness's producer connection, as svc-stream does. */
export async function collectLiveHints(h: Harness): Promise<LiveHints> {
  const codec = JSONCodec();
  const hints: ReceivedHint[] = [];
  const markers = new Set<string>();
  const seenMarkers = new Set<string>();
  const sub = h.producer.subscribe(LiveSubjects.userWildcard, {
    callback: (err, msg) => {
      if (err) return;
      const raw = codec.decode(msg.data);
      const parsed = LiveUserEvent.safeParse(raw);
      const userId = parsed.success ? parsed.data.user_id : '';
      if (markers.has(userId)) {
        seenMarkers.add(userId);
        return;
      }
      hints.push({ subject: msg.subject, raw, event: parsed.success ? parsed.data : undefined });
    },
  });
  // The subscription is registered with the server before anything is published.
  await h.producer.flush();
  return {
    received: () => [...hints],
    of(userId) {
      return hints
        .filter((x) => x.subject === LiveSubjects.user(userId))
        .map((x) => LiveUserEvent.parse(x.raw));
    },
    async settled(svc = h.service) {
      const marker = newId();
      markers.add(marker);
      svc.nats.publish(
        LiveSubjects.user(marker),
        codec.encode({ type: 'unread', user_id: marker }),
      );
      await waitFor(() => seenMarkers.has(marker), { what: 'live hints settled' });
    },
    stop: () => sub.unsubscribe(),
  };
}
