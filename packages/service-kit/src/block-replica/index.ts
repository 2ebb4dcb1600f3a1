export {
  defineBlockModel,
  BLOCKS_COLLECTION,
  BLOCKS_SHARD_KEY,
  type BlockDoc,
  type BlockModel,
} from './model.js';
export { applyBlockChanged } from './apply.js';
export { forgetUserBlocks, FORGET_BLOCKS_BATCH } from './forget.js';
export { startBlockConsumer, type BlockConsumerOptions } from './consumer.js';
