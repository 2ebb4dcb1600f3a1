import { Streams, Subjects } from '@forum/contracts';
import type { RunningConsumer } from '../nats/consumer.js';
import {
  startEventHandlers,
  type EventHandlerTuning,
  type StartEventHandlersOptions,
} from '../nats/event-handlers.js';
import { applyBlockChanged } from './apply.js';
import type { BlockModel } from './model.js';

export interface BlockConsumerOptions
  extends Pick<StartEventHandlersOptions, 'js' | 'conn' | 'logger'>, EventHandlerTuning {
  Block: BlockModel;
  /** The service's own durable (never renamed: it is the consumer's position on the server). */
  durable: string;
}

/**
 * The blocks replica from identity.block.changed, on a durable of its own; payloads are
 * validated against the contract by the handler kit (a broken one is parked). Not transactional:
 * the version-conditioned upsert alone makes a redelivery a no-op.
 */
export function startBlockConsumer({
  Block,
  durable,
  ...options
}: BlockConsumerOptions): Promise<RunningConsumer> {
  return startEventHandlers({
    ...options,
    durable,
    stream: Streams.identity.name,
    handlers: {
      [Subjects.BlockChanged]: async (event, ctx) => {
        const applied = await applyBlockChanged(Block, event);
        ctx.log.debug({ blockerId: event.blocker_id, applied }, 'block changed');
      },
    },
  });
}
