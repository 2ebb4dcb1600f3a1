import { captureLogs } from '@forum/service-kit/testing';
import { loadForumConfig } from '../config.js';
import { startForumService, type RunningForum } from '../server.js';
import type { Harness } from './harness.js';

/**
 * svc-forum as main.ts starts it (its start-up passes included), on the harness's database and
 * NATS. `env` adds to the configuration; the logs go to `logger` (warn and up by default).
 */
export function startServiceOn(
  h: Harness,
  {
    env = {},
    logger = captureLogs('svc-forum-test', 'warn').logger,
  }: { env?: Record<string, string>; logger?: ReturnType<typeof captureLogs>['logger'] } = {},
): Promise<RunningForum> {
  const config = loadForumConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    MONGO_URL: h.mongoUrl,
    MONGO_DB: h.dbName,
    NATS_URL: h.natsUrl,
    ...env,
  });
  return startForumService(config, {
    handleSignals: false,
    logger,
    auth: { publicKey: h.keys.publicPem },
  });
}
