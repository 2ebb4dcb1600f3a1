/**
 * Many event streams from one process: node:http (one socket each, no pool), the SSE blocks
 * split by hand. Light enough that 5,000 of them leave the machine to the server being measured.
 */
import { request, type IncomingMessage } from 'node:http';

export interface OpenedStream {
  close(): void;
  /** Resolves when the server ends it or the connection breaks. */
  ended: Promise<void>;
}

export type OnStreamEvent = (event: string, data: string) => void;

/** Opens GET /api/stream; rejects on a status other than 200 or a network error. */
export function openBenchStream(
  url: string,
  token: string,
  onEvent: OnStreamEvent = () => {},
): Promise<OpenedStream> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
      agent: false,
      timeout: 30_000,
    });
    req.once('timeout', () => req.destroy(new Error('no answer within 30 s')));
    req.once('error', reject);
    req.once('response', (res: IncomingMessage) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`GET /api/stream answered ${res.statusCode}`));
        return;
      }
      req.setTimeout(0);
      res.setEncoding('utf8');
      let pending = '';
      res.on('data', (chunk: string) => {
        pending += chunk;
        let end;
        while ((end = pending.indexOf('\n\n')) >= 0) {
          const block = pending.slice(0, end);
          pending = pending.slice(end + 2);
          if (block.startsWith(':')) continue;
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data !== undefined) onEvent(event, data);
        }
      });
      const ended = new Promise<void>((done) => {
        res.once('close', done);
        res.once('error', () => done());
      });
      resolve({ close: () => req.destroy(), ended });
    });
    req.end();
  });
}

/** Runs `task` for 0..count-1 with at most `concurrency` at once; collects fulfilled and failed. */
export async function inBatches<T>(
  count: number,
  concurrency: number,
  task: (i: number) => Promise<T>,
): Promise<{ done: T[]; failures: unknown[] }> {
  const done: T[] = [];
  const failures: unknown[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      try {
        done.push(await task(i));
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return { done, failures };
}
