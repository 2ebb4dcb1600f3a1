import { Streams, Subjects } from '@forum/contracts';
import {
  startEventHandlers,
  type EventHandlerTuning,
  type RunningConsumer,
  type StartEventHandlersOptions,
} from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { recordMessageReport } from '../use-cases/record-message-report.js';
import { recordSiteModeration } from '../use-cases/record-site-moderation.js';
import { MESSAGE_REPORTS_DURABLE, SITE_MODERATION_DURABLE } from './streams.js';

export interface ModerationInboxDeps
  extends Pick<StartEventHandlersOptions, 'js' | 'conn' | 'logger'>, EventHandlerTuning {
  models: ForumDeps['models'];
}

/**
 * What other services tell forum's moderation (EXTENSIONS §M3, §M5): message reports for the
 * admin's queue (MESSAGING) and the admin's site bans for the public log (IDENTITY), one durable
 * per stream. Transactional: each effect commits with its processed-event record.
 */
export async function startModerationInbox({
  models,
  ...options
}: ModerationInboxDeps): Promise<RunningConsumer[]> {
  const messageReports = await startEventHandlers({
    ...options,
    durable: MESSAGE_REPORTS_DURABLE,
    stream: Streams.messaging.name,
    transactional: true,
    handlers: {
      [Subjects.MessageReported]: async (event, ctx) => {
        const filed = await recordMessageReport({ models }, event, ctx.session!);
        ctx.log.debug({ messageId: event.message_id, filed }, 'message report recorded');
      },
    },
  });
  const siteModeration = await startEventHandlers({
    ...options,
    durable: SITE_MODERATION_DURABLE,
    stream: Streams.identity.name,
    transactional: true,
    handlers: {
      [Subjects.SiteModerationRecorded]: async (event, ctx) => {
        const written = await recordSiteModeration({ models }, event, ctx.session!);
        ctx.log.debug({ userId: event.user_id, action: event.action, written }, 'site entry');
      },
    },
  });
  return [messageReports, siteModeration];
}
