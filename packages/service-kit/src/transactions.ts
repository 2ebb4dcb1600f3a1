import mongoose, { type ClientSession, type Connection } from 'mongoose';

// Every mongoose operation inside inTransaction's callback joins its session without being
// passed `{ session }`: one forgotten option would otherwise write outside the transaction (and
// on the dev DB wait for the transaction's own lock).
mongoose.set('transactionAsyncLocalStorage', true);

/**
 * Runs `work` as one multi-document transaction: everything it writes commits together or not
 * at all. Transient errors (a write conflict, a primary election) re-run `work` from the start,
 * so it must only write through the session (mongoose models do so by themselves; raw
 * collections and the outbox take `{ session }`) and have no other side effects.
 */
export function inTransaction<T>(
  conn: Connection,
  work: (session: ClientSession) => Promise<T>,
): Promise<T> {
  return conn.transaction(work);
}
