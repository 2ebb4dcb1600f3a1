import net from 'node:net';
import { ClientConnection } from './connection.js';
import type { Logger } from './logger.js';
import { createNode, type Node } from './node.js';
import { advertisedAddress } from './replset/address.js';
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
  /** Replica set name reported by hello (default 'rs0'). */
  replSetName?: string;
  /** Open transactions are aborted after this long (default 10; MongoDB's is 60). */
  transactionLifetimeLimitSeconds?: number;
}

export interface DevDb {
  /** mongodb://host:port */
  uri: string;
  port: number;
  /** The replica set name (for `?replicaSet=`). */
  replSetName: string;
  /** Closes connections, commits the journal and writes a final snapshot. */
  stop(): Promise<void>;
}

export async function start(options: StartOptions = {}): Promise<DevDb> {
  const host = options.host ?? '127.0.0.1';
  const log = options.logger ?? {};
  const connections = new Map<number, ClientConnection>();
  const node = createNode({
    replSetName: options.replSetName,
    transactionLifetimeLimitSeconds: options.transactionLifetimeLimitSeconds,
    logger: log,
    closeConnections(except) {
      for (const [id, conn] of connections) if (id !== except) conn.close();
    },
  });
  const persistence = options.dataDir ? openStorage(options, node, log) : undefined;
  // A snapshot taken while a transaction is open would make its uncommitted writes durable.
  const replies = new ReplyQueue(persistence, log, () => !node.sessions.hasActiveTransactions);

  const server = net.createServer((socket) => {
    const conn = new ClientConnection(socket, node, replies, log);
    connections.set(conn.id, conn);
    socket.on('close', () => connections.delete(conn.id));
  });
  const timers = [
    setInterval(() => {
      const locked = (db: string): boolean => node.sessions.locks.isLocked(db);
      if (sweepExpired(node.store, locked) > 0) replies.schedule();
    }, options.ttlIntervalMs ?? 1000),
    setInterval(() => {
      node.cursors.sweep();
      node.sessions.sweep();
    }, 60_000),
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
  node.member.address = advertisedAddress(host, port);
  log.info?.(`devdb: listening on ${uri} (replica set ${node.member.setName})`);

  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopped ??= (async () => {
      for (const t of timers) clearInterval(t);
      node.member.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      node.sessions.abortAll('the server is stopping');
      replies.flush();
      for (const conn of connections.values()) conn.close();
      await closed;
      node.cursors.clear();
      persistence?.close();
    })());
  return { uri, port, replSetName: node.member.setName, stop };
}

function openStorage(options: StartOptions, node: Node, log: Logger): Persistence {
  const dataDir = options.dataDir!;
  const { persistence, stats } = Persistence.open(
    dataDir,
    node.store,
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
