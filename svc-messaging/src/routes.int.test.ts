import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from 'mongoose';
import { connectMongo, createAuth, createLogger } from '@forum/service-kit';
import {
  contractRoutesOf,
  guardedRoutes,
  samplePath,
  serve,
  servedRoutes,
  startDevDb,
  createTestKeys,
  type ServedApp,
  type TestDevDb,
} from '@forum/service-kit/testing';
import { createMessagingApp } from './app.js';

const logger = createLogger({ name: 'svc-messaging-routes-test', level: 'silent' });

let devdb: TestDevDb;
let conn: Connection;
let served: ServedApp;
const auth = createAuth({ publicKey: (await createTestKeys()).publicPem });
const noEvents = {
  add: () => Promise.reject(new Error('no route of this sweep publishes an event')),
};

beforeAll(async () => {
  devdb = await startDevDb();
  conn = await connectMongo(devdb.uri, devdb.dbName('messaging'), logger);
});
afterAll(async () => {
  await served?.close();
  await conn?.close();
  await devdb?.stop();
});

describe('svc-messaging routes', () => {
  it('serves exactly its contract routes, each behind the auth its contract names', () => {
    const app = createMessagingApp({ logger, conn, auth, outbox: noEvents });
    expect(servedRoutes(app, auth)).toEqual(contractRoutesOf('messaging'));
  });

  it('answers 401 without a token on signed-in routes, and opens the others', async () => {
    served = await serve(createMessagingApp({ logger, conn, auth, outbox: noEvents }));
    const { signedIn, adminOnly, open } = guardedRoutes('messaging');
    // No admin routes here; one added later needs a 403 check with a non-admin token.
    expect(adminOnly).toEqual([]);
    for (const route of signedIn) {
      const res = await served.fetch(samplePath(route), { method: route.method.toUpperCase() });
      expect(res.status, `${route.method} ${route.path}`).toBe(401);
    }
    for (const route of open) {
      const res = await served.fetch(samplePath(route), { method: route.method.toUpperCase() });
      expect(res.status, `${route.method} ${route.path}`).not.toBe(401);
    }
  });
});
