import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../logger.js';

export interface CapturedLogs {
  logger: Logger;
  /** Parsed JSON lines written so far. */
  lines: Record<string, unknown>[];
}

/** A real pino logger whose lines are kept in memory for assertions. */
export function captureLogs(name = 'test', level = 'debug'): CapturedLogs {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger({ name, level, destination }), lines };
}
