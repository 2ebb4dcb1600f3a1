import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';

export interface ServedApp {
  url: string;
  /** fetch relative to the app's URL. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** Serve a Koa app on a random local port for a test. */
export async function serve(app: Koa): Promise<ServedApp> {
  const server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    fetch: (path, init) => fetch(url + path, init),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
