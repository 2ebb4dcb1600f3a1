import type { Connection } from 'mongoose';
import type { JetStreamClient } from 'nats';
import {
  Streams,
  Subjects,
  schemaForSubject,
  type EventOf,
  type EventSubject,
} from '@forum/contracts';
import {
  parkedMessageStore,
  processedEventGuard,
  startConsumer,
  type Logger,
  type RunningConsumer,
} from '@forum/service-kit';
import type { MessagingModels } from '../models/index.js';
import { notifyBadgeEarned } from '../use-cases/notify-badge-earned.js';
import { notifyCommentCreated } from '../use-cases/notify-comment-created.js';
import { notifyCommentVoted, notifyPostVoted } from '../use-cases/notify-vote.js';
import { notifyMessageSent } from '../use-cases/notify-message-sent.js';
import { notifyReferralCompleted } from '../use-cases/notify-referral-completed.js';
import { welcomeNewUser } from '../use-cases/welcome-new-user.js';

type Handlers = {
  [S in EventSubject]?: (models: MessagingModels, event: EventOf<S>) => Promise<void>;
};

/**
 * One durable per source stream. Every instance of svc-messaging uses the same durable names, so
 * JetStream hands each message to one of them; the unique indexes on notifications catch the
 * rest (a redelivery after a crash, an ack lost in transit).
 */
export const NOTIFICATION_CONSUMERS = [
  {
    durable: 'messaging-notifications-identity',
    stream: Streams.identity.name,
    handlers: {
      [Subjects.UserRegistered]: welcomeNewUser,
      [Subjects.ReferralCompleted]: notifyReferralCompleted,
      [Subjects.BadgeEarned]: notifyBadgeEarned,
    },
  },
  {
    durable: 'messaging-notifications-forum',
    stream: Streams.forum.name,
    handlers: {
      [Subjects.CommentCreated]: notifyCommentCreated,
      [Subjects.PostVoted]: notifyPostVoted,
      [Subjects.CommentVoted]: notifyCommentVoted,
    },
  },
  {
    durable: 'messaging-notifications-messaging',
    stream: Streams.messaging.name,
    handlers: { [Subjects.MessageSent]: notifyMessageSent },
  },
] as const satisfies { durable: string; stream: string; handlers: Handlers }[];

export interface NotificationConsumerDeps {
  js: JetStreamClient;
  conn: Connection;
  models: MessagingModels;
  logger: Logger;
  maxDeliver?: number;
  /** Retry delay base (tests shorten it). */
  backoffBaseMs?: number;
}

export async function startNotificationConsumers(
  deps: NotificationConsumerDeps,
): Promise<RunningConsumer[]> {
  const guard = processedEventGuard(deps.conn);
  const onPark = parkedMessageStore(deps.conn);
  return Promise.all(
    NOTIFICATION_CONSUMERS.map(({ durable, stream, handlers }) => {
      const table = handlers as Handlers;
      return startConsumer<{ id: string }>({
        js: deps.js,
        stream,
        durable,
        subjects: Object.keys(table),
        schemaFor: (subject) => schemaForSubject(subject) as never,
        logger: deps.logger,
        onPark,
        ...(deps.maxDeliver ? { maxDeliver: deps.maxDeliver } : {}),
        ...(deps.backoffBaseMs ? { backoffBaseMs: deps.backoffBaseMs } : {}),
        handler: async (event, { subject, log }) => {
          const handle = table[subject as EventSubject] as
            ((models: MessagingModels, e: unknown) => Promise<void>) | undefined;
          if (!handle) return;
          // The guard skips known repeats cheaply; the indexes make the effect safe regardless.
          const applied = await guard.once(durable, event.id, () => handle(deps.models, event));
          if (!applied) log.debug({ eventId: event.id }, 'duplicate event ignored');
        },
      });
    }),
  );
}
