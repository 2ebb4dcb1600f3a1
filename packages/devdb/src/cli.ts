import { parseArgs } from 'node:util';
import { start } from './server.js';

/** Foreground dev server: `devdb --port 27017 --dbpath .data/db [--replSet rs0]`. */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '27017' },
    dbpath: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    replSet: { type: 'string', default: 'rs0' },
    quiet: { type: 'boolean', default: false },
  },
});

const logger = values.quiet
  ? {}
  : {
      info: (m: string) => console.error(m),
      warn: (m: string) => console.error(m),
      error: (m: string) => console.error(m),
    };

const db = await start({
  port: Number(values.port),
  host: values.host,
  dataDir: values.dbpath,
  replSetName: values.replSet,
  logger,
});
// stdout carries only the URI so scripts can read it.
console.log(db.uri);

const shutdown = (signal: string): void => {
  logger.info?.(`devdb: ${signal}, flushing and stopping`);
  db.stop().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
};
process.once('SIGINT', () => shutdown('SIGINT'));
process.once('SIGTERM', () => shutdown('SIGTERM'));
