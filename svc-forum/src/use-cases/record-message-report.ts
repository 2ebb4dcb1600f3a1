import type { EventOf, Subjects } from '@forum/contracts';
import { toObjectId } from '@forum/service-kit';
import type { ClientSession } from 'mongoose';
import type { ForumDeps } from '../deps.js';
import { excerptOf } from '../models/report.js';
import { fileReport, type FiledReport } from './shared/file-report.js';

/**
 * messaging.message.reported (EXTENSIONS §M5): a recipient's report of a message joins the
 * admin's queue, folded with any open report on it like a post's. Messaging owns the message
 * and its rules (recipient only, one open report); a replayed event finds its reporter already
 * there and changes nothing.
 */
export const recordMessageReport = (
  { models }: Pick<ForumDeps, 'models'>,
  event: EventOf<typeof Subjects.MessageReported>,
  session: ClientSession,
): Promise<FiledReport> =>
  fileReport(
    models,
    {
      target_type: 'message',
      target_id: toObjectId(event.message_id),
      community_id: null,
      community_name: null,
      post_id: null,
      target_title: null,
      target_excerpt: excerptOf(event.excerpt),
      target_author_id: toObjectId(event.author_id),
      target_author_username: event.author_username,
    },
    {
      reporter_id: toObjectId(event.reporter_id),
      reporter_username: event.reporter_username,
      reason: event.reason,
      created_at: new Date(event.created_at),
    },
    session,
  );
