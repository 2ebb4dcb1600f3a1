import {
  AckPolicy,
  DeliverPolicy,
  JSONCodec,
  type ConsumerMessages,
  type JetStreamClient,
  type JsMsg,
} from 'nats';
import type { ClientSession } from 'mongoose';
import type { Logger } from 'pino';
import type { z } from 'zod';

const codec = JSONCodec();
const NS_PER_MS = 1_000_000;

/** What gets recorded when a message is given up on. */
export interface ParkedMessage {
  stream: string;
  durable: string;
  subject: string;
  seq: number;
  deliveryCount: number;
  reason: string;
  /** Raw payload as received (UTF-8). */
  data: string;
  parkedAt: Date;
}

export interface HandlerContext {
  subject: string;
  deliveryCount: number;
  log: Logger;
  /** With startEventHandlers' `transactional`: the transaction the effect must write in. */
  session?: ClientSession;
}

export interface StartConsumerOptions<T> {
  js: JetStreamClient;
  stream: string;
  durable: string;
  /** Subjects this consumer handles; others in the stream are acked and skipped. */
  subjects: string[];
  /** The contract schema for a subject; undefined means "not expected here" (parked). */
  schemaFor: (subject: string) => z.ZodType<T> | undefined;
  handler: (event: T, ctx: HandlerContext) => Promise<void>;
  logger: Logger;
  /** Attempts before a failing message is parked (default 5). */
  maxDeliver?: number;
  /** nak delay = min(base * 2^(attempt-1), max). */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /**
   * How long the server waits for an ack before redelivering (default 30 s). The event being
   * handled reports progress every third of it, so a slow handler is not sent its own event again
   * (events already fetched behind it still are, after this long: handlers are idempotent).
   */
  ackWaitMs?: number;
  /** Persist parked messages (e.g. parkedMessageStore(conn)); they are always logged. */
  onPark?: (parked: ParkedMessage) => Promise<void>;
}

export interface RunningConsumer {
  stop(): Promise<void>;
}

/**
 * A durable pull consumer with explicit ack. The durable name keeps the position on the server,
 * so a service that was down resumes where it stopped. Messages are handled one at a time.
 */
export async function startConsumer<T>(opts: StartConsumerOptions<T>): Promise<RunningConsumer> {
  const {
    js,
    stream,
    durable,
    subjects,
    schemaFor,
    handler,
    maxDeliver = 5,
    backoffBaseMs = 1000,
    backoffMaxMs = 30_000,
    ackWaitMs = 30_000,
    onPark,
  } = opts;
  const log = opts.logger.child({ component: 'consumer', stream, durable });
  const jsm = await js.jetstreamManager();

  // nats-server 2.9 has no filter_subjects; one subject is filtered server side, several locally.
  const config = {
    durable_name: durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    ack_wait: ackWaitMs * NS_PER_MS,
    // We park on our own at maxDeliver; the server limit is only a backstop.
    max_deliver: maxDeliver + 2,
    ...(subjects.length === 1 ? { filter_subject: subjects[0] } : {}),
  };
  const existing = await jsm.consumers.info(stream, durable).catch(() => null);
  if (existing) await jsm.consumers.update(stream, durable, config);
  else await jsm.consumers.add(stream, config);

  const wanted = new Set(subjects);
  let stopping = false;
  let messages: ConsumerMessages | undefined;

  const park = async (msg: JsMsg, reason: string) => {
    // No reason argument: nats-server 2.9 does not understand "+TERM <reason>" and leaves the
    // message pending; the reason goes to the log and the park record instead.
    msg.term();
    const parked: ParkedMessage = {
      stream,
      durable,
      subject: msg.subject,
      seq: msg.seq,
      deliveryCount: msg.info.deliveryCount,
      reason,
      data: new TextDecoder().decode(msg.data),
      parkedAt: new Date(),
    };
    log.error({ parked }, 'message parked');
    await onPark?.(parked).catch((err: unknown) =>
      log.error({ err }, 'could not record parked message'),
    );
  };

  const handle = async (msg: JsMsg) => {
    if (!wanted.has(msg.subject)) {
      msg.ack();
      return;
    }
    const attempt = msg.info.deliveryCount;
    const schema = schemaFor(msg.subject);
    if (!schema) return park(msg, `no schema for subject ${msg.subject}`);
    let payload: unknown;
    try {
      payload = codec.decode(msg.data);
    } catch {
      return park(msg, 'payload is not JSON');
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      return park(
        msg,
        `invalid payload: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
    }
    if (attempt > maxDeliver) return park(msg, `exceeded ${maxDeliver} attempts`);
    const eventLog = log.child({ subject: msg.subject, seq: msg.seq, attempt });
    const progress = setInterval(() => msg.working(), Math.max(ackWaitMs / 3, 100));
    progress.unref();
    try {
      await handler(parsed.data, { subject: msg.subject, deliveryCount: attempt, log: eventLog });
      msg.ack();
    } catch (err) {
      if (attempt >= maxDeliver) {
        eventLog.error({ err }, 'handler failed for the last time');
        return park(
          msg,
          `handler failed ${attempt} times: ${(err as Error)?.message ?? String(err)}`,
        );
      }
      const delay = Math.min(backoffBaseMs * 2 ** (attempt - 1), backoffMaxMs);
      eventLog.warn({ err, retryInMs: delay }, 'handler failed, will retry');
      msg.nak(delay);
    } finally {
      clearInterval(progress);
    }
  };

  const loop = (async () => {
    while (!stopping) {
      try {
        const consumer = await js.consumers.get(stream, durable);
        messages = await consumer.consume({ max_messages: 32 });
        // stop() may have run while consume() was pending: it had nothing to close then.
        if (stopping) {
          await messages.close().catch(() => undefined);
          break;
        }
        for await (const msg of messages) {
          await handle(msg);
          if (stopping) break;
        }
      } catch (err) {
        if (stopping) break;
        log.warn({ err }, 'consumer loop interrupted, restarting');
      }
      if (!stopping) await new Promise((r) => setTimeout(r, 1000));
    }
  })();

  log.info({ subjects }, 'consumer started');
  return {
    async stop() {
      stopping = true;
      // Not awaited: close() resolves only once the iterator is read again, and a loop that was
      // in a handler when it ran breaks out instead (stop() then waited forever). It unsubscribes
      // at once either way.
      messages?.close().catch(() => undefined);
      await loop;
      log.info('consumer stopped');
    },
  };
}
