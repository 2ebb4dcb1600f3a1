/**
 * Whether the stack's event pipeline holds nothing in flight, read from nats-server's monitoring
 * endpoint (`/jsz?consumers=true`): every JetStream consumer has delivered every message of its
 * stream (`num_pending`) and had every delivery acknowledged (`num_ack_pending`). The services ack
 * an event after its handler's transaction commits, and a handler's own events are in its outbox
 * by then, so together with empty outboxes this says that the effects of the requests so far are
 * written. Unreadable monitoring answers false (the caller then waits as it would without it).
 */
export function natsEventsIdle(monitorUrl: string): () => Promise<boolean> {
  return async () => {
    try {
      const res = await fetch(`${monitorUrl}/jsz?consumers=true`);
      if (!res.ok) return false;
      return consumersIdle((await res.json()) as Jsz);
    } catch {
      return false;
    }
  };
}

interface Jsz {
  account_details?: {
    stream_detail?: {
      consumer_detail?: { num_pending?: number; num_ack_pending?: number }[];
    }[];
  }[];
}

/** True when the report lists at least one consumer and none has anything pending. */
export function consumersIdle(jsz: Jsz): boolean {
  const consumers = (jsz.account_details ?? []).flatMap((a) =>
    (a.stream_detail ?? []).flatMap((s) => s.consumer_detail ?? []),
  );
  return (
    consumers.length > 0 &&
    consumers.every((c) => (c.num_pending ?? 1) === 0 && (c.num_ack_pending ?? 1) === 0)
  );
}
