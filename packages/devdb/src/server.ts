import net from 'node:net';
import { serveConnection } from './connection.js';
import { CursorRegistry } from './cursors.js';
import { Store } from './engine/store.js';
import type { Logger } from './logger.js';
import { ReplyQueue } from './reply-queue.js';
import { Persistence } from './storage/persistence.js';
import { sweepExpired } from './ttl.js';

export type { Logger } from './logger.js';

export interface StartOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /** Directory for the journal and snapshot; without it data lives in memory only. */
  dataDir?: string;
  logger?: Logger;
  /** How often TTL indexes are swept, in ms (default 1000). */
  ttlIntervalMs?: number;
  /** Journal size that triggers compaction into a snapshot (default 64 MiB). */
  compactBytes?: number;
}

export interface DevDb {
  /** mongodb://host:port */
  uri: string;
  port: number;
  /** Closes connections, commits the journal and writes a final snapshot. */
  stop(): Promise<void>;
}

export async function start(options: StartOptions = {}): Promise<DevDb> {
  const host = options.host ?? '127.0.0.1';
  const log = options.logger ?? {};
  const store = new Store();
  const cursors = new CursorRegistry();
  const persistence = options.dataDir ? openStorage(options, store, log) : undefined;
  const replies = new ReplyQueue(persistence, log);

  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serveConnection(socket, { store, cursors, replies, log });
  });
  const timers = [
    setInterval(() => {
      if (sweepExpired(store) > 0) replies.schedule();
    }, options.ttlIntervalMs ?? 1000),
    setInterval(() => cursors.sweep(), 60_000),
  ];
  for (const t of timers) t.unref();

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => resolve());
    });
  } catch (err) {
    for (const t of timers) clearInterval(t);
    persistence?.close();
    throw err;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const uri = `mongodb://${host.includes(':') ? `[${host}]` : host}:${port}`;
  log.info?.(`devdb: listening on ${uri}`);

  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopped ??= (async () => {
      for (const t of timers) clearInterval(t);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      replies.flush();
      for (const s of sockets) s.destroy();
      await closed;
      cursors.clear();
      persistence?.close();
    })());
  return { uri, port, stop };
}

function openStorage(options: StartOptions, store: Store, log: Logger): Persistence {
  const dataDir = options.dataDir!;
  const { persistence, stats } = Persistence.open(
    dataDir,
    store,
    options.compactBytes ?? 64 * 1024 * 1024,
  );
  log.info?.(
    `devdb: recovered ${stats.snapshotRecords} snapshot + ${stats.journalRecords} journal records from ${dataDir}`,
  );
  if (stats.discardedBytes) {
    log.warn?.(`devdb: discarded ${stats.discardedBytes} bytes of torn/corrupt journal tail`);
  }
  return persistence;
}
