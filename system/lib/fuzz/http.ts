import http from 'node:http';

/** One request exactly as it goes on the wire (path already encoded, body as bytes or text). */
export interface RawRequest {
  method: string;
  /** Raw request target, e.g. `/api/posts/abc?limit=5` (sent as is, no URL normalisation). */
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
  ms: number;
  /** Set instead of a status when the request failed (timeout, reset). */
  failure?: string;
}

/**
 * A raw HTTP client on node:http: fetch would normalise `..` and `%2e%2e` segments, refuse odd
 * headers and always send a well-formed body, which is exactly what the fuzzer must not do.
 */
export function rawClient(baseUrl: string, { timeoutMs = 5_000, maxSockets = 16 } = {}) {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const send = (req: RawRequest): Promise<RawResponse> =>
    new Promise((resolve) => {
      const started = performance.now();
      let settled = false;
      const done = (res: Omit<RawResponse, 'ms'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...res, ms: performance.now() - started });
      };
      const headers: Record<string, string | number> = { ...req.headers };
      if (req.body !== undefined && !('content-length' in headers)) {
        headers['content-length'] = Buffer.byteLength(req.body);
      }
      let out: http.ClientRequest;
      try {
        out = http.request({
          host: url.hostname,
          port: url.port,
          method: req.method.toUpperCase(),
          path: req.path,
          headers,
          agent,
        });
      } catch (error) {
        // Node refuses some targets/headers client side (e.g. control characters): not sent.
        // Settled here, not through done(): the timer below does not exist yet.
        settled = true;
        resolve({
          status: 0,
          headers: {},
          text: '',
          json: undefined,
          failure: `not sent: ${String(error)}`,
          ms: performance.now() - started,
        });
        return;
      }
      const timer = setTimeout(() => {
        out.destroy();
        done({
          status: 0,
          headers: {},
          text: '',
          json: undefined,
          failure: `no answer within ${timeoutMs} ms`,
        });
      }, timeoutMs);
      out.on('response', (res) => {
        // An open event stream (GET /api/stream, EXTENSIONS §L) never ends: its status and
        // headers are the answer; the socket is closed so the stream leaves the server too.
        if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
          done({ status: res.statusCode ?? 0, headers: res.headers, text: '', json: undefined });
          out.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (error) =>
          done({ status: 0, headers: {}, text: '', json: undefined, failure: String(error) }),
        );
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          done({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      });
      out.on('error', (error) => {
        // The server may answer (e.g. 413) and close before the whole body is written: the
        // response event then already resolved us; anything else is a real failure.
        done({ status: 0, headers: {}, text: '', json: undefined, failure: String(error) });
      });
      if (req.body !== undefined) out.end(req.body);
      else out.end();
    });
  return { send, close: () => agent.destroy() };
}

export type RawClient = ReturnType<typeof rawClient>;

/** Runs `task` over `items` with at most `concurrency` in flight, keeping the order of results. */
export async function mapLimit<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
