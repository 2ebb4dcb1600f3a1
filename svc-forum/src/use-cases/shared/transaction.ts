import type { ClientSession, Connection } from 'mongoose';
import { inTransaction, isDuplicateKeyError } from '@forum/service-kit';

/**
 * inTransaction for work whose insert can lose a race for a unique pair (two votes of one user on
 * one post at once). A duplicate key aborts a transaction, so the work cannot catch it and try
 * another branch as a lone write would; the whole transaction runs again instead, on a snapshot
 * that holds the row the other request committed.
 */
export async function inRacingTransaction<T>(
  conn: Connection,
  work: (session: ClientSession) => Promise<T>,
  attempts = 5,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(conn, work);
    } catch (err) {
      if (!isDuplicateKeyError(err) || attempt >= attempts) throw err;
    }
  }
}
