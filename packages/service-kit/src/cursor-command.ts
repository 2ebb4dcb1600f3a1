import mongoose, { type ClientSession, type Connection } from 'mongoose';
import { isFailoverInterruption } from './mongo-errors.js';

/** A command document (find, aggregate, getMore). */
type Command = Record<string, unknown>;
type CursorId = number | InstanceType<typeof mongoose.mongo.Long>;
interface CursorReply<T> {
  cursor: { id: CursorId; firstBatch?: T[]; nextBatch?: T[] };
}

const isExhausted = (id: CursorId) => (typeof id === 'number' ? id === 0 : id.isZero());
const asLong = (id: CursorId) => (typeof id === 'number' ? mongoose.mongo.Long.fromNumber(id) : id);

/**
 * Whether runCursorCommand may stand in for the driver's cursor on this connection: it reads the
 * primary with the server's default read concern, as the driver does for a client given neither.
 * A client told otherwise (in MONGO_URL) keeps the driver's cursor, which applies them and pins
 * its getMores to the member that holds the cursor. So does a connection whose operations
 * mongoose is asked to report (its debug option, operation events): they stay visible there.
 */
export function commandReadsLikeCursor(conn: Connection): boolean {
  if (!conn.db) return false; // not connected yet: mongoose's collection buffers, this would fail
  const debug: unknown = conn.get('debug') ?? conn.base.get('debug');
  if (debug || conn.listenerCount('operation-start') || conn.listenerCount('operation-end')) {
    return false;
  }
  const client = conn.getClient();
  return client.readPreference.mode === 'primary' && client.readConcern === undefined;
}

/** The command, then getMore until the cursor is exhausted, all in `session`. */
async function drain<T>(
  conn: Connection,
  command: Command,
  collection: string,
  session: ClientSession,
): Promise<T[]> {
  const db = conn.db!;
  let reply = (await db.command(command, { session })) as unknown as CursorReply<T>;
  const docs = reply.cursor.firstBatch ?? [];
  try {
    while (!isExhausted(reply.cursor.id)) {
      const getMore = { getMore: asLong(reply.cursor.id), collection };
      reply = (await db.command(getMore, { session })) as unknown as CursorReply<T>;
      for (const doc of reply.cursor.nextBatch ?? []) docs.push(doc);
    }
  } catch (err) {
    // Do not leave the server holding a cursor nobody will read (best effort: it times out).
    const killCursors = { killCursors: collection, cursors: [asLong(reply.cursor.id)] };
    await db.command(killCursors, { session }).catch(() => undefined);
    throw err;
  }
  return docs;
}

/**
 * Every document of a cursor-creating command (find, aggregate) run through `db.command`, for the
 * reads every page makes (issue 17). The driver's cursor handles each document of a batch on
 * its own (a view, its elements parsed, then decoded): a read of 50 comments cost the service
 * 730-800 µs of CPU against 260-370 µs for the same reply decoded whole by the command path, and
 * svc-forum's CPU per comment page fell by a quarter (docs/PERFORMANCE.md, Scale).
 *
 * Kept from the driver's cursor: the whole result (getMore until exhausted, in the same session;
 * a cursor left by an error is killed), the transaction's session when given one, and one more
 * attempt after a failover interruption outside a transaction (the driver's retryable read,
 * unless the client was given `retryReads=false`).
 * Callers check commandReadsLikeCursor first.
 */
export async function runCursorCommand<T>(
  conn: Connection,
  command: Command,
  collection: string,
  transaction: ClientSession | undefined,
): Promise<T[]> {
  if (transaction) return drain<T>(conn, command, collection, transaction);
  const attempt = async () => {
    const session = conn.getClient().startSession({ causalConsistency: false });
    try {
      return await drain<T>(conn, command, collection, session);
    } finally {
      await session.endSession();
    }
  };
  try {
    return await attempt();
  } catch (err) {
    const retryReads = conn.getClient().options.retryReads !== false;
    if (!retryReads || !isFailoverInterruption(err)) throw err;
    return attempt();
  }
}
