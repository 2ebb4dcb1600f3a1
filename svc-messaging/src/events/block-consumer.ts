import { Streams, Subjects } from '@forum/contracts';
import {
  startEventHandlers,
  type EventHandlerTuning,
  type RunningConsumer,
  type StartEventHandlersOptions,
} from '@forum/service-kit';
import type { MessagingModels } from '../models/index.js';
import { applyBlockChanged } from '../use-cases/apply-block-changed.js';
import { BLOCKS_DURABLE } from './streams.js';

export interface BlockConsumerDeps
  extends Pick<StartEventHandlersOptions, 'js' | 'conn' | 'logger'>, EventHandlerTuning {
  models: MessagingModels;
}

/**
 * The blocks replica (EXTENSIONS §B1) from identity.block.changed, on a durable of its own from
 * the stream's start; payloads are validated against the contract (a broken one is parked).
 */
export function startBlockConsumer({
  models,
  ...options
}: BlockConsumerDeps): Promise<RunningConsumer> {
  return startEventHandlers({
    ...options,
    durable: BLOCKS_DURABLE,
    stream: Streams.identity.name,
    handlers: { [Subjects.BlockChanged]: (event) => applyBlockChanged(models, event) },
  });
}
