import type { ServerResponse } from 'node:http';

/**
 * Send the event stream's headers now (Koa is bypassed from here on: it neither buffers nor ends
 * the response). No socket timeout: the stream lives until the client, the token or the server
 * ends it; keep-alive comments show proxies it is alive.
 */
export function startEventStream(res: ServerResponse): void {
  res.socket?.setTimeout(0);
  res.socket?.setNoDelay(true);
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
}
