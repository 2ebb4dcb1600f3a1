import type { Connection } from 'mongoose';
import type { JetStreamClient } from 'nats';
import type { Logger } from 'pino';
import { schemaForSubject, type EventOf, type EventSubject } from '@forum/contracts';
import {
  startConsumer,
  type HandlerContext,
  type RunningConsumer,
  type StartConsumerOptions,
} from './consumer.js';
import { parkedMessageStore } from './parked-store.js';
import { processedEventGuard } from './processed-events.js';
import { inTransaction } from '../transactions.js';

/** One handler per subject; the event arrives validated against its contract schema. */
export type EventHandlers = {
  [S in EventSubject]?: (event: EventOf<S>, ctx: HandlerContext) => Promise<void>;
};

/** Retry tuning; undefined keeps startConsumer's defaults (tests shorten them). */
export type EventHandlerTuning = Partial<
  Pick<StartConsumerOptions<unknown>, 'maxDeliver' | 'backoffBaseMs' | 'backoffMaxMs' | 'ackWaitMs'>
>;

export interface StartEventHandlersOptions extends EventHandlerTuning {
  js: JetStreamClient;
  conn: Connection;
  logger: Logger;
  /** The durable consumer's name: its position survives restarts; it also keys the guard. */
  durable: string;
  stream: string;
  handlers: EventHandlers;
  /**
   * Run each event's effect and its processed-event record in one transaction (the handler gets
   * `ctx.session`): for effects of several writes, e.g. storing events in the outbox, that must
   * happen exactly once together.
   */
  transactional?: boolean;
}

/**
 * A durable consumer for the subjects `handlers` names: payloads validated with the catalogue's
 * schemas, each event applied once per durable (processed-event guard), poison messages parked
 * in the service's database after maxDeliver attempts. Handlers must still be safe to repeat (a
 * crash between the effect and the guard's record replays them).
 */
export function startEventHandlers({
  js,
  conn,
  logger,
  durable,
  stream,
  handlers,
  transactional = false,
  ...tuning
}: StartEventHandlersOptions): Promise<RunningConsumer> {
  const guard = processedEventGuard(conn);
  const table = handlers as Record<string, (event: never, ctx: HandlerContext) => Promise<void>>;
  return startConsumer<{ id: string }>({
    js,
    stream,
    durable,
    subjects: Object.keys(table),
    schemaFor: (subject) => schemaForSubject(subject),
    logger,
    onPark: parkedMessageStore(conn),
    ...Object.fromEntries(Object.entries(tuning).filter(([, value]) => value !== undefined)),
    handler: async (event, ctx) => {
      const handle = table[ctx.subject];
      if (!handle) return;
      const applied = transactional
        ? await inTransaction(conn, (session) =>
            guard.once(durable, event.id, () => handle(event as never, { ...ctx, session }), {
              session,
            }),
          )
        : await guard.once(durable, event.id, () => handle(event as never, ctx));
      if (!applied) ctx.log.debug({ eventId: event.id }, 'duplicate event ignored');
    },
  });
}
