import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import type { Logger } from 'pino';

export interface RunServiceOptions {
  name: string;
  app: Koa;
  port: number;
  host?: string;
  logger: Logger;
  /** Closes what the service opened, in order (consumers, outbox, NATS, Mongo); see shutdownSequence. */
  onStop?: () => Promise<void>;
  /**
   * Runs once the server stops taking connections, before the wait for those in flight: a service
   * with long-lived responses (svc-stream's event streams) ends them here, or the wait never ends.
   */
  onClosing?: () => void;
  /** Install SIGTERM/SIGINT handlers that stop and exit (default true; tests pass false). */
  handleSignals?: boolean;
  /** Give up on a graceful stop after this long and exit non-zero. */
  shutdownTimeoutMs?: number;
}

export interface RunningService {
  server: Server;
  port: number;
  url: string;
  stop(): Promise<void>;
}

export async function runService({
  name,
  app,
  port,
  host = '0.0.0.0',
  logger,
  onStop,
  onClosing,
  handleSignals = true,
  shutdownTimeoutMs = 10_000,
}: RunServiceOptions): Promise<RunningService> {
  const server = app.listen(port, host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  // Keep-alive longer than the gateway's pool idle timeout, so the gateway closes first.
  server.keepAliveTimeout = 65_000;
  const actualPort = (server.address() as AddressInfo).port;
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${actualPort}`;
  logger.info({ port: actualPort, host }, `${name} listening`);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      logger.info('shutting down');
      // Stop taking requests first, finish those in flight, then close dependencies.
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        onClosing?.();
      });
      await onStop?.();
      logger.info('stopped');
    })();
    return stopping;
  };

  if (handleSignals) {
    const onSignal = (signal: NodeJS.Signals) => {
      logger.info({ signal }, 'signal received');
      const timer = setTimeout(() => {
        logger.error('graceful shutdown timed out');
        process.exit(1);
      }, shutdownTimeoutMs);
      timer.unref();
      stop().then(
        () => process.exit(0),
        (err: unknown) => {
          logger.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    };
    process.once('SIGTERM', onSignal);
    process.once('SIGINT', onSignal);
  }
  return { server, port: actualPort, url, stop };
}

interface Stoppable {
  stop(): Promise<void>;
}

export interface ShutdownResources {
  consumers?: Stoppable[];
  outbox?: Stoppable;
  nats?: { drain(): Promise<void>; isClosed(): boolean };
  mongo?: { close(): Promise<void> };
  logger?: Logger;
}

/**
 * The order matters: consumers stop pulling before NATS drains (so their acks go out),
 * and Mongo closes last because handlers and the outbox write to it.
 */
export function shutdownSequence({
  consumers = [],
  outbox,
  nats,
  mongo,
  logger,
}: ShutdownResources) {
  return async () => {
    const step = async (what: string, fn: () => Promise<unknown>) => {
      try {
        await fn();
      } catch (err) {
        logger?.warn({ err }, `error while closing ${what}`);
      }
    };
    await step('consumers', () => Promise.all(consumers.map((c) => c.stop())));
    if (outbox) await step('outbox', () => outbox.stop());
    if (nats && !nats.isClosed()) await step('nats', () => nats.drain());
    if (mongo) await step('mongo', () => mongo.close());
  };
}
