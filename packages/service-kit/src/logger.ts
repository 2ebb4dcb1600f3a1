import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';

export type { Logger };

export interface LoggerOptions {
  name: string;
  level?: LevelWithSilent | string;
  /** Where lines go (default stdout); tests pass a stream to inspect them. */
  destination?: DestinationStream;
}

/** JSON-lines logger on stdout; one per process, children carry request ids. */
export function createLogger({ name, level = 'info', destination }: LoggerOptions): Logger {
  const options = {
    name,
    level,
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['req.headers.authorization', 'password', '*.password'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
