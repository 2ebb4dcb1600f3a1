import { decodeJwt } from 'jose';
import {
  ACCOUNT_DEACTIVATED,
  HttpError,
  INVALID_TOKEN,
  serviceUnavailable,
  type ServiceHandlers,
} from '@forum/service-kit';
import type { StreamDeps } from '../deps.js';
import { createLiveStream, type EndReason } from '../hub/live-stream.js';
import { assertMayOpenStream } from '../policies/stream-access.js';
import { sseFrame } from '../presenters/sse-frames.js';
import { startEventStream } from '../presenters/sse-response.js';
import { admitStream } from '../use-cases/admit-stream.js';

/** When the (already verified) bearer token expires, in ms since epoch. */
function tokenExpiry(authorization: string): number | undefined {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization.trim())?.[1];
  const exp = token ? decodeJwt(token).exp : undefined;
  return exp === undefined ? undefined : exp * 1000;
}

/** A stream that ended while its checks ran is answered as a request would have been. */
const refusalFor = (reason: EndReason): HttpError | undefined =>
  ({
    'client gone': undefined,
    'not admitted': undefined,
    'token expired': new HttpError(401, INVALID_TOKEN),
    'account deactivated': new HttpError(401, ACCOUNT_DEACTIVATED),
    'token refused': new HttpError(401, INVALID_TOKEN),
    'slow client': undefined,
    shutdown: serviceUnavailable('Service unavailable'),
  })[reason];

/** GET /api/stream (EXTENSIONS §L): the handler holds the request until the stream ends. */
export const streamHandlers = (deps: StreamDeps) =>
  ({
    'GET /api/stream': async ({ user, query }, ctx) => {
      assertMayOpenStream(user, query.post);
      const authorization = user ? ctx.get('Authorization') : undefined;
      const stream = createLiveStream({
        res: ctx.res,
        log: ctx.log,
        userId: user?.id,
        postId: query.post,
        authorization,
        expiresAtMs: authorization ? tokenExpiry(authorization) : undefined,
      });
      // Registered before the checks: an event that comes meanwhile is noted, not lost.
      deps.hub.register(stream);
      let unread;
      try {
        ({ unread } = await admitStream(deps, {
          signedIn: Boolean(user),
          postId: query.post,
          authorization,
          requestId: ctx.requestId,
          log: ctx.log,
        }));
      } catch (err) {
        deps.hub.end(stream, 'not admitted');
        throw err;
      }
      if (stream.endedBy) {
        const refusal = refusalFor(stream.endedBy);
        if (refusal) throw refusal;
        return '';
      }
      ctx.respond = false;
      startEventStream(ctx.res);
      deps.hub.open(stream, unread ? [sseFrame('unread', unread)] : []);
      // Counts fetched before an event that came while opening may be stale: fetch again.
      if (stream.missedWhileOpening && user) deps.unread.request(user.id);
      await stream.done;
      return '';
    },
  }) satisfies ServiceHandlers<'stream'>;
