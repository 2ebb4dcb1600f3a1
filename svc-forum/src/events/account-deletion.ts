import { Streams, Subjects } from '@forum/contracts';
import {
  startEventHandlers,
  type EventHandlerTuning,
  type RunningConsumer,
  type StartEventHandlersOptions,
} from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { applyAccountDeletion } from '../use-cases/apply-account-deletion.js';
import { ACCOUNT_DELETION_DURABLE } from './streams.js';

export interface AccountDeletionConsumerDeps
  extends Pick<StartEventHandlersOptions, 'js' | 'logger'>, EventHandlerTuning {
  deps: ForumDeps;
}

/**
 * identity.user.deleted -> applyAccountDeletion, on a durable of its own (a big account's work
 * never delays the directory or the blocks). Not one transaction: the work is many short batches
 * (a user's 10,000 comments must not hold the database), each step resumable, so a crash before
 * the processed-event record only replays what is left; the consumer keeps the message in
 * progress while it runs.
 */
export function startAccountDeletionConsumer({
  deps,
  ...options
}: AccountDeletionConsumerDeps): Promise<RunningConsumer> {
  return startEventHandlers({
    ...options,
    conn: deps.conn,
    durable: ACCOUNT_DELETION_DURABLE,
    stream: Streams.identity.name,
    handlers: {
      [Subjects.UserDeleted]: async (event, ctx) => {
        const summary = await applyAccountDeletion(deps, event);
        ctx.log.info({ userId: event.user_id, ...summary }, 'account deletion applied');
      },
    },
  });
}
