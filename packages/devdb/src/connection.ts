import type net from 'node:net';
import type { Doc } from './bson.js';
import type { Context } from './commands/context.js';
import { dispatch } from './commands/dispatch.js';
import type { CursorRegistry } from './cursors.js';
import type { Store } from './engine/store.js';
import type { Logger } from './logger.js';
import type { ReplyQueue } from './reply-queue.js';
import { MessageFramer } from './wire/framer.js';
import { encodeReply, parseRequest, type Request } from './wire/messages.js';

export interface ConnectionDeps {
  store: Store;
  cursors: CursorRegistry;
  replies: ReplyQueue;
  log: Logger;
}

let nextConnectionId = 1;

/**
 * Serves one client socket. Every complete message is parsed, dispatched and answered
 * synchronously inside the 'data' callback, which is what makes each command atomic.
 */
export function serveConnection(socket: net.Socket, deps: ConnectionDeps): void {
  socket.setNoDelay(true);
  const framer = new MessageFramer();
  const base = {
    store: deps.store,
    cursors: deps.cursors,
    connectionId: nextConnectionId++,
    remote: `${socket.remoteAddress ?? ''}:${socket.remotePort ?? 0}`,
  };
  socket.on('data', (chunk: Buffer) => {
    try {
      for (const msg of framer.push(chunk)) {
        const req = parseRequest(msg);
        const ctx: Context = { ...base, db: req.db };
        const reply = dispatch(req.command, ctx);
        if (!req.noReply) deps.replies.send(socket, encodeSafely(req, reply));
      }
    } catch (err) {
      deps.log.warn?.(`devdb: dropping connection: ${String(err)}`);
      socket.destroy();
    }
  });
  socket.on('error', () => socket.destroy());
}

/** A reply that cannot be encoded (e.g. over the BSON size limit) becomes an error reply. */
function encodeSafely(req: Request, reply: Doc): Buffer {
  try {
    return encodeReply(req, reply);
  } catch (err) {
    return encodeReply(req, {
      ok: 0,
      code: 10334,
      codeName: 'BSONObjectTooLarge',
      errmsg: `devdb could not encode the reply: ${String(err)}`,
    });
  }
}
