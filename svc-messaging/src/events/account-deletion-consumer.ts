import { Streams, Subjects } from '@forum/contracts';
import {
  startEventHandlers,
  type EventHandlerTuning,
  type RunningConsumer,
  type StartEventHandlersOptions,
} from '@forum/service-kit';
import type { MessagingModels } from '../models/index.js';
import { applyAccountDeletion } from '../use-cases/apply-account-deletion.js';
import { ACCOUNT_DELETIONS_DURABLE } from './streams.js';

export interface AccountDeletionConsumerDeps
  extends Pick<StartEventHandlersOptions, 'js' | 'conn' | 'logger'>, EventHandlerTuning {
  models: MessagingModels;
  /** Told once a deletion is applied (drops the user from the is-active cache). */
  onDeleted?: (userId: string) => void;
}

/**
 * identity.user.deleted on a durable of its own, from the stream's start (a service that was down
 * catches up). Not transactional: the deletion is many batched writes, each safe to repeat, and
 * the processed-event record is written only after the last, so a crash means a full rerun.
 */
export function startAccountDeletionConsumer({
  models,
  onDeleted,
  ...options
}: AccountDeletionConsumerDeps): Promise<RunningConsumer> {
  return startEventHandlers({
    ...options,
    durable: ACCOUNT_DELETIONS_DURABLE,
    stream: Streams.identity.name,
    handlers: {
      [Subjects.UserDeleted]: async (event, ctx) => {
        await applyAccountDeletion(models, event);
        onDeleted?.(event.user_id);
        ctx.log.info({ userId: event.user_id }, 'account deletion applied');
      },
    },
  });
}
