import type { Server } from 'node:http';

/**
 * server.close() waits for every connection to end, and closeIdleConnections() skips one that
 * was opened but never sent a request (an HTTP client's spare socket): shutdown would then wait
 * for the headers timeout. Once stopping, the last response to finish closes every connection.
 */
export function connectionDrainer(server: Server): { stopping(): void } {
  let inFlight = 0;
  let stopping = false;
  server.on('request', (_req, res) => {
    inFlight += 1;
    res.once('close', () => {
      inFlight -= 1;
      if (stopping && inFlight === 0) server.closeAllConnections();
    });
  });
  return {
    stopping() {
      stopping = true;
      if (inFlight === 0) server.closeAllConnections();
    },
  };
}
