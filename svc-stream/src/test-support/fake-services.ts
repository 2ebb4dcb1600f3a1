import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt } from 'jose';
import { PostTexts } from '@forum/contracts';

/** A real HTTP server on a random port standing in for forum or messaging. */
interface FakeServer {
  url: string;
  close(): Promise<void>;
}

async function serveFake(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<FakeServer> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

const callerOf = (req: IncomingMessage): string | undefined => {
  const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
  return token ? decodeJwt(token).sub : undefined;
};

/** Messaging's two unread-count routes: counts per user, refusals, an outage, a call log. */
export interface FakeMessaging extends FakeServer {
  counts: Map<string, { notifications: number; messages: number }>;
  /** Users whose tokens messaging refuses (deactivated accounts). */
  refused: Set<string>;
  /** Answer 500 to everything. */
  down: boolean;
  /** How long each answer takes (to show coalescing). */
  delayMs: number;
  /** Each call's user id and path. */
  calls: { userId: string | undefined; path: string; authorization: string | undefined }[];
}

export async function startFakeMessaging(): Promise<FakeMessaging> {
  const fake = {
    counts: new Map(),
    refused: new Set(),
    down: false,
    delayMs: 0,
    calls: [],
  } as unknown as FakeMessaging;
  const server = await serveFake((req, res) => {
    const userId = callerOf(req);
    const path = req.url ?? '';
    fake.calls.push({ userId, path, authorization: req.headers.authorization });
    setTimeout(() => {
      if (fake.down) return sendJson(res, 500, { error: 'Internal server error' });
      if (!userId) return sendJson(res, 401, { error: 'Authentication required' });
      if (fake.refused.has(userId)) return sendJson(res, 401, { error: 'Account is deactivated' });
      const counts = fake.counts.get(userId) ?? { notifications: 0, messages: 0 };
      if (path === '/api/notifications/unread-count') {
        return sendJson(res, 200, { unreadCount: counts.notifications });
      }
      if (path === '/api/messages/unread-count') {
        return sendJson(res, 200, { unreadCount: counts.messages });
      }
      sendJson(res, 404, { error: 'Not found' });
    }, fake.delayMs);
  });
  return Object.assign(fake, server);
}

/** Forum's GET /api/posts/{id}: public and NSFW posts (NSFW is refused to visitors), else 404. */
export interface FakeForum extends FakeServer {
  posts: Map<string, 'public' | 'nsfw'>;
  down: boolean;
}

export async function startFakeForum(): Promise<FakeForum> {
  const fake = { posts: new Map(), down: false } as unknown as FakeForum;
  const server = await serveFake((req, res) => {
    if (fake.down) return sendJson(res, 502, { error: 'Bad gateway' });
    const id = /^\/api\/posts\/([^/?]+)$/.exec(req.url ?? '')?.[1] ?? '';
    const kind = fake.posts.get(id);
    if (!kind) return sendJson(res, 404, { error: PostTexts.notFound });
    if (kind === 'nsfw' && !callerOf(req)) {
      return sendJson(res, 403, { error: PostTexts.nsfwSignUp });
    }
    sendJson(res, 200, { id, title: 'A post' });
  });
  return Object.assign(fake, server);
}
