import type { SessionInfo } from './session-info.js';

/** MongoDB's RetriableError category (those devdb can produce or a client may see). */
const RETRIABLE = new Set([6, 7, 89, 91, 189, 262, 9001, 10107, 11600, 11602, 13435, 13436]);
const WRITE_CONFLICT = 112;
const LOCK_TIMEOUT = 24;
const NO_SUCH_TRANSACTION = 251;

/**
 * The `errorLabels` MongoDB attaches to a failed command, which drive the driver's retries:
 * TransientTransactionError (retry the whole transaction) for commands inside one, and
 * RetryableWriteError for retryable writes and commit/abort. The driver adds
 * UnknownTransactionCommitResult itself to commit errors labelled RetryableWriteError.
 */
export function errorLabels(code: number, info: SessionInfo, commitOrAbort: boolean): string[] {
  if (info.txnNumber === undefined) return [];
  if (info.inTransaction) {
    const transient =
      code === WRITE_CONFLICT ||
      code === LOCK_TIMEOUT ||
      code === NO_SUCH_TRANSACTION ||
      (!commitOrAbort && RETRIABLE.has(code));
    if (transient) return ['TransientTransactionError'];
    return commitOrAbort && RETRIABLE.has(code) ? ['RetryableWriteError'] : [];
  }
  return RETRIABLE.has(code) ? ['RetryableWriteError'] : [];
}
