import { Streams, Subjects } from '@forum/contracts';
import {
  startEventHandlers,
  type EventHandlerTuning,
  type RunningConsumer,
  type StartEventHandlersOptions,
} from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { applyBlockChanged } from '../use-cases/apply-block-changed.js';
import { BLOCKS_DURABLE } from './streams.js';

export interface BlockConsumerDeps
  extends Pick<StartEventHandlersOptions, 'js' | 'conn' | 'logger'>, EventHandlerTuning {
  models: ForumDeps['models'];
}

/**
 * The blocks replica (EXTENSIONS §B1) from identity.block.changed, on a durable of its own;
 * payloads are validated against the contract by the handler kit (a broken one is parked). Not
 * transactional: the version-conditioned upsert alone makes a redelivery a no-op.
 */
export function startBlockConsumer({
  models,
  ...options
}: BlockConsumerDeps): Promise<RunningConsumer> {
  return startEventHandlers({
    ...options,
    durable: BLOCKS_DURABLE,
    stream: Streams.identity.name,
    handlers: {
      [Subjects.BlockChanged]: async (event, ctx) => {
        const applied = await applyBlockChanged(models, event);
        ctx.log.debug({ blockerId: event.blocker_id, applied }, 'block changed');
      },
    },
  });
}
