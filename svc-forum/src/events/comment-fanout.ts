import { Streams, Subjects } from '@forum/contracts';
import {
  startEventHandlers,
  type EventHandlerTuning,
  type RunningConsumer,
  type StartEventHandlersOptions,
} from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { fanOutCommentSubscribers } from '../use-cases/fan-out-comment-subscribers.js';
import { COMMENT_FANOUT_DURABLE } from './streams.js';

export interface CommentFanOutDeps
  extends Pick<StartEventHandlersOptions, 'js' | 'conn' | 'logger'>, EventHandlerTuning {
  models: ForumDeps['models'];
  outbox: ForumDeps['outbox'];
}

/**
 * Forum consumes its own forum.comment.created to store the subscriber slices: transactional,
 * so the slices and the event's processed record commit together (exactly once per comment).
 */
export function startCommentFanOut({
  models,
  outbox,
  ...options
}: CommentFanOutDeps): Promise<RunningConsumer> {
  return startEventHandlers({
    ...options,
    durable: COMMENT_FANOUT_DURABLE,
    stream: Streams.forum.name,
    transactional: true,
    handlers: {
      [Subjects.CommentCreated]: async (event, ctx) => {
        const slices = await fanOutCommentSubscribers({ models, outbox }, event, ctx.session!);
        ctx.log.debug({ commentId: event.comment_id, slices }, 'comment subscribers fanned out');
      },
    },
  });
}
