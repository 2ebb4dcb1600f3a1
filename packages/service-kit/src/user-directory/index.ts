import {
  createActiveUserCache,
  type ActiveUserCache,
  type ActiveUserCacheOptions,
} from '../auth.js';
import type { Model } from 'mongoose';
import type { DirectoryUserDoc } from './model.js';
import { isDirectoryUserActive } from './use-cases.js';

export {
  defineDirectoryUserModel,
  DIRECTORY_USERS_COLLECTION,
  DIRECTORY_USERS_SHARD_KEY,
  type DirectoryUserDoc,
  type DirectoryUserModel,
  type DirectoryUserModelOptions,
} from './model.js';
export { recordRegisteredUser, updateDirectoryUser, isDirectoryUserActive } from './use-cases.js';
export { startUserDirectoryConsumer, type UserDirectoryConsumerOptions } from './consumer.js';

/**
 * The is-active check behind every token (ARCHITECTURE §5): answers are reused for 5 s, so a
 * deactivation reaches a request within that (at once in the process that applies the event,
 * through `forget`), and steady-state requests cost no database read. Bounded to 10,000 users
 * (oldest dropped).
 */
export const DIRECTORY_ACTIVE_USER_CACHE = { ttlMs: 5_000, maxEntries: 10_000 };

/** createActiveUserCache over isDirectoryUserActive(model, userId). */
export const createDirectoryActiveUserCache = <T extends DirectoryUserDoc>(
  model: Model<T>,
  options: ActiveUserCacheOptions = DIRECTORY_ACTIVE_USER_CACHE,
): ActiveUserCache =>
  createActiveUserCache((userId) => isDirectoryUserActive(model, userId), options);
