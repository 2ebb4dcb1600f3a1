import mongoose, { mongo, type ClientSession, type Connection } from 'mongoose';
import { isFailoverInterruption } from './mongo-errors.js';
import { DEFAULT_PRIMARY_WAIT_MS } from './mongo.js';

// Every mongoose operation inside inTransaction's callback joins its session without being
// passed `{ session }`: one forgotten option would otherwise write outside the transaction (and
// on the dev DB wait for the transaction's own lock).
mongoose.set('transactionAsyncLocalStorage', true);

const { MongoError, MongoErrorLabel, MongoNetworkError } = mongo;

/**
 * A failover error as a MongoError withTransaction can label: the driver passes some socket
 * errors on unwrapped, and withTransaction expects every error of the driver to have labels.
 */
const asMongoError = (err: unknown) =>
  err instanceof MongoError
    ? err
    : new MongoNetworkError((err as Error).message, { cause: err as Error });

/**
 * Runs `work` as one multi-document transaction: everything it writes commits together or not
 * at all. Transient errors (a write conflict, a primary election) re-run `work` from the start,
 * so it must only write through the session (mongoose models do so by themselves; raw
 * collections and the outbox take `{ session }`) and have no other side effects.
 *
 * Failovers, for as long as the connection waits for a primary (MONGO_PRIMARY_WAIT_MS): `work`
 * cut off by a broken connection or a server that stopped being the primary is re-run (the
 * transaction cannot have committed; the driver leaves such errors unlabelled when its pool was
 * reset by another operation's failure), and a commit whose outcome is unknown is sent again
 * (committing twice is harmless; an aborted transaction is re-run).
 */
export function inTransaction<T>(
  conn: Connection,
  work: (session: ClientSession) => Promise<T>,
): Promise<T> {
  const started = performance.now();
  const waitMs = conn.getClient().options.serverSelectionTimeoutMS;
  const stillWaiting = () => performance.now() - started < waitMs;
  return conn.transaction(async (session) => {
    resendCommitsInDoubt(session, stillWaiting);
    try {
      return await work(session);
    } catch (err) {
      if (!stillWaiting() || !isFailoverInterruption(err)) throw err;
      const interrupted = asMongoError(err);
      interrupted.addErrorLabel(MongoErrorLabel.TransientTransactionError);
      throw interrupted;
    }
  });
}

const resending = new WeakSet<ClientSession>();

/**
 * The transactions spec labels a commit that failed with a retryable error
 * UnknownTransactionCommitResult, and withTransaction then sends it again. Driver 7 gives the
 * commit `maxAdaptiveRetries + 1` attempts and, with connectMongo's maxAdaptiveRetries: 0, throws
 * the first failure unlabelled: a commit that met an election failed the request.
 */
function resendCommitsInDoubt(session: ClientSession, stillWaiting: () => boolean): void {
  if (resending.has(session)) return;
  resending.add(session);
  const commit = session.commitTransaction.bind(session);
  session.commitTransaction = async (options) => {
    try {
      return await commit(options);
    } catch (err) {
      const inDoubt =
        isFailoverInterruption(err) ||
        (err instanceof MongoError && err.hasErrorLabel(MongoErrorLabel.RetryableWriteError));
      if (!inDoubt || !stillWaiting()) throw err;
      const unknown = asMongoError(err);
      unknown.addErrorLabel(MongoErrorLabel.UnknownTransactionCommitResult);
      throw unknown;
    }
  };
}

/**
 * Runs an idempotent write again when a failover cut it off. The driver retries a retryable write
 * once by itself, but not one whose connection was condemned when another operation's failure
 * reset the pool (a primary that crashed or closed its connections): that write fails although
 * the new primary would take it. Only for writes that are harmless to apply twice (an upsert of
 * fixed values, a $set, a delete); gives up after `waitMs` (the primary wait).
 */
export async function retryAfterFailover<T>(
  write: () => Promise<T>,
  { waitMs = DEFAULT_PRIMARY_WAIT_MS }: { waitMs?: number } = {},
): Promise<T> {
  const started = performance.now();
  for (;;) {
    try {
      return await write();
    } catch (err) {
      if (!isFailoverInterruption(err) || performance.now() - started >= waitMs) throw err;
      // The server is marked unknown now: the next attempt waits for a primary, not spins.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
