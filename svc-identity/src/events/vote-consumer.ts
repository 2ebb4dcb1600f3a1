import type { Connection } from 'mongoose';
import type { JetStreamClient } from 'nats';
import { Streams, Subjects, schemaForSubject, type EventOf } from '@forum/contracts';
import {
  parkedMessageStore,
  processedEventGuard,
  startConsumer,
  type Logger,
  type RunningConsumer,
} from '@forum/service-kit';
import type { IdentityModels } from '../models/index.js';
import { applyVoteScore } from '../use-cases/apply-vote-score.js';

export const SCORE_DURABLE = 'identity-total-score';

type VoteEvent = EventOf<typeof Subjects.PostVoted> | EventOf<typeof Subjects.CommentVoted>;

const authorOf = (subject: string, event: VoteEvent) =>
  subject === Subjects.CommentVoted
    ? (event as EventOf<typeof Subjects.CommentVoted>).comment_author_id
    : (event as EventOf<typeof Subjects.PostVoted>).post_author_id;

/** total_score follows forum's post and comment votes (durable, idempotent). */
export function startVoteConsumer(deps: {
  js: JetStreamClient;
  conn: Connection;
  models: IdentityModels;
  logger: Logger;
}): Promise<RunningConsumer> {
  const guard = processedEventGuard(deps.conn);
  return startConsumer<VoteEvent>({
    js: deps.js,
    stream: Streams.forum.name,
    durable: SCORE_DURABLE,
    subjects: [Subjects.PostVoted, Subjects.CommentVoted],
    schemaFor: (subject) => schemaForSubject(subject) as never,
    logger: deps.logger,
    onPark: parkedMessageStore(deps.conn),
    handler: async (event, { subject }) => {
      await guard.once(SCORE_DURABLE, event.id, async () => {
        await applyVoteScore(deps.models, {
          eventId: event.id,
          authorId: authorOf(subject, event),
          delta: event.score_delta,
        });
      });
    },
  });
}
