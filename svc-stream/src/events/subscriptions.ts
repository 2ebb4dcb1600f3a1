import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import {
  LiveSubjects,
  Subjects,
  eventSchemas,
  type EventOf,
  type EventSubject,
} from '@forum/contracts';
import { decodeLiveUserEvent, type Logger } from '@forum/service-kit';
import type { StreamDeps } from '../deps.js';
import { deliverComment } from '../use-cases/deliver-comment.js';
import { deliverLiveEvent } from '../use-cases/deliver-live-event.js';
import { endDeactivatedStreams } from '../use-cases/end-deactivated-streams.js';

const codec = JSONCodec();

/**
 * Core subscriptions, no durables and no queue group: every instance gets every event and serves
 * the streams it holds (no sticky sessions). The two catalogue subjects are JetStream's, but a
 * core subscriber receives what is published on them just the same; a stream missed while this
 * instance was down does not matter, since its streams were gone too.
 */
export function subscribeToEvents(
  nc: NatsConnection,
  deps: StreamDeps,
  logger: Logger,
): Subscription[] {
  const log = logger.child({ component: 'events' });

  const catalogueEvent = <S extends EventSubject>(subject: S, data: Uint8Array) => {
    try {
      const parsed = eventSchemas[subject].safeParse(codec.decode(data));
      if (parsed.success) return parsed.data as EventOf<S>;
    } catch {
      // not JSON: reported below
    }
    log.warn({ subject }, 'event ignored: not a valid payload');
    return undefined;
  };

  const guarded = (subject: string, handle: (data: Uint8Array) => void) =>
    nc.subscribe(subject, {
      callback: (err, msg) => {
        if (err) return log.warn({ err, subject }, 'subscription error');
        try {
          handle(msg.data);
        } catch (error) {
          log.error({ err: error, subject: msg.subject }, 'event delivery failed');
        }
      },
    });

  return [
    guarded(LiveSubjects.userWildcard, (data) => {
      const event = decodeLiveUserEvent(data);
      if (event) deliverLiveEvent(deps, event);
      else log.warn('live hint ignored: not a valid payload');
    }),
    guarded(Subjects.CommentCreated, (data) => {
      const event = catalogueEvent(Subjects.CommentCreated, data);
      if (event) deliverComment(deps, event);
    }),
    guarded(Subjects.UserUpdated, (data) => {
      const event = catalogueEvent(Subjects.UserUpdated, data);
      if (event) endDeactivatedStreams(deps, event);
    }),
  ];
}
