import type { Transaction } from './transaction.js';

/**
 * Database locks held by transactions: a transaction locks each database it touches until
 * it ends, so no other session sees its uncommitted writes. Commands of other sessions on
 * a locked database wait without polling: a release wakes every waiter, which checks again.
 */
export class DbLocks {
  private readonly owners = new Map<string, Transaction>();
  private readonly waiters = new Set<() => void>();
  /** Paused writes waiting to go on (not commands: they do not count in `hasWaiters`). */
  private readonly resumers = new Set<() => void>();

  /** Whether commands wait for a lock (a transaction that expires then logs the likely cause). */
  get hasWaiters(): boolean {
    return this.waiters.size > 0;
  }

  isLocked(db: string): boolean {
    return this.owners.has(db);
  }

  /** The transaction that keeps session `sessionKey` from `dbs` ('*': every database). */
  blocker(dbs: readonly string[] | '*', sessionKey: string | undefined): Transaction | undefined {
    for (const db of dbs === '*' ? this.owners.keys() : dbs) {
      const owner = this.owners.get(db);
      // A session's own (or older, about to be aborted) transaction never blocks it.
      if (owner && owner.sessionKey !== sessionKey) return owner;
    }
    return undefined;
  }

  acquire(dbs: readonly string[], txn: Transaction): void {
    for (const db of dbs) {
      this.owners.set(db, txn);
      txn.locks.add(db);
    }
  }

  release(txn: Transaction): void {
    for (const db of txn.locks) if (this.owners.get(db) === txn) this.owners.delete(db);
    txn.locks.clear();
    const woken = [...this.waiters, ...this.resumers];
    this.waiters.clear();
    this.resumers.clear();
    // Never run another command in the middle of the one that released the lock.
    for (const wake of woken) queueMicrotask(wake);
  }

  /** Calls `wake` after the next release; returns a function that cancels the wait. */
  wait(wake: () => void): () => void {
    this.waiters.add(wake);
    return () => this.waiters.delete(wake);
  }

  /** Calls `wake` after the next release, for a paused write that waits to go on. */
  waitToResume(wake: () => void): void {
    this.resumers.add(wake);
  }

  /** Whether `requester` waiting for `holder` would close a cycle of waiting transactions. */
  wouldDeadlock(requester: Transaction, holder: Transaction): boolean {
    const seen = new Set<Transaction>();
    for (let t: Transaction | undefined = holder; t?.state === 'active'; t = t.waitingFor) {
      if (t === requester) return true;
      if (seen.has(t)) return false;
      seen.add(t);
    }
    return false;
  }
}
