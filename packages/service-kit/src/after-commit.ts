import type { ClientSession } from 'mongoose';

/** What each session runs once its transaction commits. */
const pending = new WeakMap<ClientSession, (() => void)[]>();

/**
 * Run `fn` once the session's transaction has committed, for work whose transaction someone else
 * owns (startEventHandlers' `transactional`). Never when it aborts or the commit fails, and never
 * for an attempt that withTransaction runs again: a new attempt (startTransaction) drops what the
 * last one asked for, and the work asks again. Only the session's public methods are wrapped, as
 * service-kit's inTransaction does for commits in doubt.
 */
export function afterCommit(session: ClientSession, fn: () => void): void {
  const queue = pending.get(session) ?? watch(session);
  queue.push(fn);
}

function watch(session: ClientSession): (() => void)[] {
  const queue: (() => void)[] = [];
  pending.set(session, queue);
  const start = session.startTransaction.bind(session);
  session.startTransaction = (...args) => {
    queue.length = 0;
    return start(...args);
  };
  const commit = session.commitTransaction.bind(session);
  session.commitTransaction = async (...args) => {
    await commit(...args);
    for (const run of queue.splice(0)) {
      try {
        run();
      } catch {
        // What runs after a commit must not make it look failed (withTransaction would retry).
      }
    }
  };
  return queue;
}
