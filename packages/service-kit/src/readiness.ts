import type { Connection } from 'mongoose';
import type { NatsConnection } from 'nats';
import { isMongoReady } from './mongo.js';
import { isNatsReady } from './nats/connect.js';
import type { ReadinessCheck } from './http/probes.js';

/** The usual /ready check of a service: its Mongo connection and its NATS connection. */
export function dependencyReadiness(deps: {
  mongo?: Connection;
  nats?: NatsConnection;
}): ReadinessCheck {
  return async () => {
    const checks: Record<string, boolean> = {};
    const [mongo, nats] = await Promise.all([
      deps.mongo ? isMongoReady(deps.mongo) : undefined,
      deps.nats ? isNatsReady(deps.nats) : undefined,
    ]);
    if (mongo !== undefined) checks.mongo = mongo;
    if (nats !== undefined) checks.nats = nats;
    return checks;
  };
}
