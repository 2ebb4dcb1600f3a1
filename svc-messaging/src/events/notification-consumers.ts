import { Streams, Subjects } from '@forum/contracts';
import {
  afterCommit,
  startEventHandlers,
  type EventHandlerTuning,
  type LivePublisher,
  type RunningConsumer,
  type StartEventHandlersOptions,
} from '@forum/service-kit';
import { publishNotificationHints } from '../live/hints.js';
import type { MessagingModels } from '../models/index.js';
import type { NotificationDoc } from '../models/notification.js';
import { notifyBadgeEarned } from '../use-cases/notify-badge-earned.js';
import { notifyCommentCreated } from '../use-cases/notify-comment-created.js';
import { notifyCommentSubscribers } from '../use-cases/notify-comment-subscribers.js';
import { notifyCommentVoted, notifyPostVoted } from '../use-cases/notify-vote.js';
import { notifyMessageSent } from '../use-cases/notify-message-sent.js';
import { notifyModAction } from '../use-cases/notify-mod-action.js';
import { notifyElectionDecided } from '../use-cases/notify-election-decided.js';
import { notifyMention } from '../use-cases/notify-mention.js';
import { notifyReferralCompleted } from '../use-cases/notify-referral-completed.js';
import { notifyReportResolved } from '../use-cases/notify-report-resolved.js';
import { resolveMessageReports } from '../use-cases/resolve-message-reports.js';
import { welcomeNewUser } from '../use-cases/welcome-new-user.js';

/** forum.report.resolved's consumer (and processed_events key): never rename it. */
export const REPORT_RESOLUTIONS_DURABLE = 'messaging-report-resolutions';

/** forum.mention.recorded's consumer (and processed_events key): never rename it. */
export const MENTIONS_DURABLE = 'messaging-notifications-mentions';

export interface NotificationConsumerDeps
  extends Pick<StartEventHandlersOptions, 'js' | 'conn' | 'logger'>, EventHandlerTuning {
  models: MessagingModels;
  /** Live hints for the notifications stored (EXTENSIONS §L). */
  live: LivePublisher;
}

/**
 * One durable per source stream. Every instance of svc-messaging uses the same durable names, so
 * JetStream hands each message to one of them; the unique indexes on notifications catch the
 * rest (a redelivery after a crash, an ack lost in transit). The durable names are the consumers'
 * server-side positions and processed_events keys: never change them. Each handler hints the
 * notifications it stored to their users' open streams once they are written (after the commit
 * for the transactional one); a redelivery stores nothing, so it hints nothing.
 */
export function startNotificationConsumers({
  models,
  live,
  ...options
}: NotificationConsumerDeps): Promise<RunningConsumer[]> {
  const hint = (stored: Promise<NotificationDoc[]>) =>
    stored.then((docs) => publishNotificationHints(live, docs));
  return Promise.all([
    startEventHandlers({
      ...options,
      durable: 'messaging-notifications-identity',
      stream: Streams.identity.name,
      handlers: {
        [Subjects.UserRegistered]: (event) => hint(welcomeNewUser(models, event)),
        [Subjects.ReferralCompleted]: (event) => hint(notifyReferralCompleted(models, event)),
        [Subjects.BadgeEarned]: (event) => hint(notifyBadgeEarned(models, event)),
      },
    }),
    startEventHandlers({
      ...options,
      durable: 'messaging-notifications-forum',
      stream: Streams.forum.name,
      handlers: {
        [Subjects.CommentCreated]: (event) => hint(notifyCommentCreated(models, event)),
        [Subjects.PostVoted]: (event) => hint(notifyPostVoted(models, event)),
        [Subjects.CommentVoted]: (event) => hint(notifyCommentVoted(models, event)),
      },
    }),
    // Subscriber slices on a durable of their own: a 50,000-subscriber fan-out (50 slices) does
    // not hold up the votes and replies behind it in the stream.
    startEventHandlers({
      ...options,
      durable: 'messaging-notifications-forum-subscribers',
      stream: Streams.forum.name,
      handlers: {
        [Subjects.CommentSubscribers]: (event) => hint(notifyCommentSubscribers(models, event)),
      },
    }),
    // Moderation notices (EXTENSIONS §M7), on a durable of their own from the stream's start;
    // an appeal's outcome is one of these actions (appeal_decided).
    startEventHandlers({
      ...options,
      durable: 'messaging-notifications-moderation',
      stream: Streams.forum.name,
      handlers: { [Subjects.ModActionRecorded]: (event) => hint(notifyModAction(models, event)) },
    }),
    // Election results (EXTENSIONS §E), in slices of at most 1,000 recipients, on a durable of
    // their own so a large electorate does not hold up other notices.
    startEventHandlers({
      ...options,
      durable: 'messaging-notifications-elections',
      stream: Streams.forum.name,
      handlers: {
        [Subjects.ElectionDecided]: (event) => hint(notifyElectionDecided(models, event)),
      },
    }),
    // Mentions (EXTENSIONS §F3), on a durable of their own: one filtered subject, so a service
    // that gains it reads only forum.mention.recorded from the stream's start.
    startEventHandlers({
      ...options,
      durable: MENTIONS_DURABLE,
      stream: Streams.forum.name,
      handlers: { [Subjects.MentionRecorded]: (event) => hint(notifyMention(models, event)) },
    }),
    // Resolved reports (EXTENSIONS §M5): a message's reports close and a removed message is
    // hidden, and reporters are told, all with the processed-event record in one transaction.
    startEventHandlers({
      ...options,
      durable: REPORT_RESOLUTIONS_DURABLE,
      stream: Streams.forum.name,
      transactional: true,
      handlers: {
        [Subjects.ReportResolved]: async (event, { session }) => {
          await resolveMessageReports(models, event);
          const docs = await notifyReportResolved(models, event);
          afterCommit(session!, () => publishNotificationHints(live, docs));
        },
      },
    }),
    startEventHandlers({
      ...options,
      durable: 'messaging-notifications-messaging',
      stream: Streams.messaging.name,
      handlers: { [Subjects.MessageSent]: (event) => hint(notifyMessageSent(models, event)) },
    }),
  ]);
}
