import { Streams, Subjects } from '@forum/contracts';
import {
  startEventHandlers,
  type RunningConsumer,
  type StartEventHandlersOptions,
} from '@forum/service-kit';
import type { IdentityModels } from '../models/index.js';
import { applyVoteScore } from '../use-cases/apply-vote-score.js';

/** The consumer's server-side position and processed_events key: never change it. */
export const SCORE_DURABLE = 'identity-total-score';

/** total_score follows forum's post and comment votes (durable, idempotent). */
export function startVoteConsumer({
  models,
  ...options
}: Pick<StartEventHandlersOptions, 'js' | 'conn' | 'logger'> & {
  models: IdentityModels;
}): Promise<RunningConsumer> {
  const score = async (eventId: string, authorId: string, delta: number) => {
    await applyVoteScore(models, { eventId, authorId, delta });
  };
  return startEventHandlers({
    ...options,
    durable: SCORE_DURABLE,
    stream: Streams.forum.name,
    handlers: {
      [Subjects.PostVoted]: (event) => score(event.id, event.post_author_id, event.score_delta),
      [Subjects.CommentVoted]: (event) =>
        score(event.id, event.comment_author_id, event.score_delta),
    },
  });
}
