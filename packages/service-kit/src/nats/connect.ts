import { connect, type NatsConnection } from 'nats';
import type { Logger } from 'pino';

/**
 * Connects and keeps reconnecting forever: a service outlives NATS restarts; /ready reports the gap.
 * waitOnFirstConnect lets a service start before nats-server is up.
 */
export async function connectNats(
  url: string,
  logger: Logger,
  name?: string,
): Promise<NatsConnection> {
  const log = logger.child({ component: 'nats' });
  // waitOnFirstConnect retries silently; say what start-up is waiting for.
  const safeUrl = url.replace(/\/\/[^@/]*@/g, '//***@');
  const waiting = setInterval(() => log.warn({ url: safeUrl }, 'waiting for NATS'), 5000);
  const nc = await connect({
    servers: url.split(',').map((s) => s.trim()),
    ...(name ? { name } : {}),
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    waitOnFirstConnect: true,
    pingInterval: 10_000,
  }).finally(() => clearInterval(waiting));
  log.info({ server: nc.getServer() }, 'nats connected');
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect' || status.type === 'error')
        log.warn({ status: status.type, data: String(status.data) }, 'nats status');
      else if (status.type === 'reconnect')
        log.info({ data: String(status.data) }, 'nats reconnected');
    }
  })().catch(() => undefined);
  return nc;
}

/** True when a round trip to the server completes in time. */
export async function isNatsReady(nc: NatsConnection, timeoutMs = 1000): Promise<boolean> {
  if (nc.isClosed()) return false;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      nc.rtt(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
