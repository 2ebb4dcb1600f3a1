import type { Doc } from '../bson.js';
import type { CursorRegistry } from '../cursors.js';
import type { Store } from '../engine/store.js';
import {
  noSuchTransaction,
  transactionCommitted,
  transactionTooLarge,
  transactionTooOld,
} from '../errors.js';
import type { Logger } from '../logger.js';
import { DbLocks } from './db-locks.js';
import type { SessionInfo } from './session-info.js';
import { Transaction } from './transaction.js';

/** Sessions idle this long are forgotten, as MongoDB's logicalSessionTimeoutMinutes (30). */
export const SESSION_TIMEOUT_MS = 30 * 60 * 1000;

interface Session {
  /** Highest txnNumber used: transactions and retryable writes share the sequence. */
  txnNumber: bigint;
  /** The latest transaction, kept after it ends so a retried commit can be answered. */
  txn: Transaction | undefined;
  /** The reply to the latest retryable write, replayed if the driver retries it. */
  retried: { txnNumber: bigint; reply: Doc } | undefined;
  /** A retryable write that paused and has not answered yet. */
  running?: { txnNumber: bigint; reply: Promise<Doc> };
  lastUse: number;
}

/** A command that belongs to a session and carries a txnNumber. */
export type NumberedInfo = SessionInfo & { key: string; txnNumber: bigint };

export interface SessionOptions {
  /** Transactions still open after this long are aborted (MongoDB's default is 60 s). */
  transactionLifetimeLimitSeconds: number;
}

/**
 * Server sessions: their transactions (begin, continue, commit, abort, and the limits that
 * keep a transaction from holding its locks forever) and their retryable-write history.
 */
export class Sessions {
  readonly locks = new DbLocks();
  private readonly sessions = new Map<string, Session>();
  private readonly active = new Set<Transaction>();

  constructor(
    private readonly store: Store,
    private readonly cursors: CursorRegistry,
    readonly options: SessionOptions,
    private readonly log: Logger,
  ) {}

  get hasActiveTransactions(): boolean {
    return this.active.size > 0;
  }

  /** The active transaction `info` names, if any. */
  activeTransaction(info: NumberedInfo): Transaction | undefined {
    const txn = this.sessions.get(info.key)?.txn;
    return txn?.state === 'active' && txn.txnNumber === info.txnNumber ? txn : undefined;
  }

  /** Throws unless a command of transaction `info` may run: a known number, still open. */
  checkTransaction(info: NumberedInfo): void {
    if (info.startTransaction) {
      const current = this.sessions.get(info.key)?.txnNumber ?? -1n;
      if (info.txnNumber < current) throw transactionTooOld(info.txnNumber, current);
      return;
    }
    const txn = this.named(info);
    if (txn.state === 'aborted') throw noSuchTransaction(aborted(info.txnNumber));
    if (txn.state === 'committed') throw transactionCommitted(info.txnNumber);
  }

  /** Starts (startTransaction) or continues the transaction of a checked command. */
  enter(info: NumberedInfo, connectionId: number): Transaction {
    const session = this.touch(info.key);
    // checkTransaction already made sure a continued transaction exists.
    const txn = info.startTransaction ? this.begin(session, info) : session.txn!;
    txn.connections.add(connectionId);
    return txn;
  }

  /** commitTransaction: commits, or answers a retry of a commit that succeeded. */
  commit(info: NumberedInfo): void {
    const txn = this.named(info);
    if (txn.state === 'committed') return;
    if (txn.state === 'aborted') throw noSuchTransaction(aborted(info.txnNumber));
    try {
      this.store.journalBatch(txn.records);
    } catch (err) {
      this.abort(txn, 'its journal record could not be written');
      throw transactionTooLarge(`Transaction is too large to journal: ${String(err)}`);
    }
    txn.state = 'committed';
    this.finish(txn);
  }

  /** abortTransaction: MongoDB refuses to abort what already ended. */
  abortCommand(info: NumberedInfo): void {
    const txn = this.named(info);
    if (txn.state === 'committed') throw transactionCommitted(info.txnNumber);
    if (txn.state === 'aborted') throw noSuchTransaction(aborted(info.txnNumber));
    this.abort(txn);
  }

  /** A failed command aborts its transaction (MongoDB does the same). */
  abortAfterError(info: NumberedInfo): void {
    const txn = this.activeTransaction(info);
    if (txn) this.abort(txn);
  }

  /** Undoes every change of `txn` and releases its locks; `reason` is logged. */
  abort(txn: Transaction, reason?: string): void {
    if (txn.state !== 'active') return;
    txn.state = 'aborted';
    txn.rollback();
    this.cursors.kill(txn.cursors);
    this.finish(txn);
    if (reason) this.log.info?.(`devdb: aborted transaction ${txn.txnNumber} because ${reason}`);
  }

  abortAll(reason: string): void {
    for (const txn of [...this.active]) this.abort(txn, reason);
  }

  /** A crashed client cannot end its transactions: abort those whose connections all closed. */
  connectionClosed(connectionId: number): void {
    for (const txn of [...this.active]) {
      if (txn.connections.delete(connectionId) && txn.connections.size === 0) {
        this.abort(txn, 'the connections it ran on closed');
      }
    }
  }

  /** The saved reply if `info` retries the session's latest retryable write. */
  replay(info: NumberedInfo): Doc | undefined {
    const session = this.sessions.get(info.key);
    if (!session) return undefined;
    if (info.txnNumber < session.txnNumber) {
      throw transactionTooOld(info.txnNumber, session.txnNumber);
    }
    return session.retried?.txnNumber === info.txnNumber ? session.retried.reply : undefined;
  }

  /** Before a retryable write runs: a newer txnNumber ends the session's transaction. */
  beginRetryableWrite(info: NumberedInfo): void {
    this.supersede(this.touch(info.key), info.txnNumber);
  }

  /** The reply to come of the session's retryable write `info`, if it is still running. */
  running(info: NumberedInfo): Promise<Doc> | undefined {
    const r = this.sessions.get(info.key)?.running;
    return r?.txnNumber === info.txnNumber ? r.reply : undefined;
  }

  /** A retryable write that paused: a retry of it waits for its reply instead of running again. */
  track(info: NumberedInfo, reply: Promise<Doc>): void {
    const session = this.touch(info.key);
    const running = { txnNumber: info.txnNumber, reply };
    session.running = running;
    const done = (): void => {
      if (session.running === running) session.running = undefined;
    };
    reply.then(done, done);
  }

  /** Keeps a retryable write's reply to answer a retry of it without applying it twice. */
  remember(info: NumberedInfo, reply: Doc): void {
    this.touch(info.key).retried = { txnNumber: info.txnNumber, reply };
  }

  /** endSessions / killSessions: aborts their transactions and forgets them. */
  end(keys: Iterable<string>): void {
    for (const key of keys) {
      const txn = this.sessions.get(key)?.txn;
      if (txn) this.abort(txn, 'its session ended');
      this.sessions.delete(key);
    }
  }

  endAll(): void {
    this.end([...this.sessions.keys()]);
  }

  /** Forgets sessions idle for longer than the session timeout. */
  sweep(now = Date.now()): void {
    for (const [key, s] of this.sessions) {
      if (now - s.lastUse > SESSION_TIMEOUT_MS && s.txn?.state !== 'active') {
        this.sessions.delete(key);
      }
    }
  }

  /** The transaction `info` names, in whatever state, or NoSuchTransaction. */
  private named(info: NumberedInfo): Transaction {
    const current = this.sessions.get(info.key)?.txnNumber ?? -1n;
    if (info.txnNumber < current) throw transactionTooOld(info.txnNumber, current);
    const txn = this.sessions.get(info.key)?.txn;
    if (txn?.txnNumber === info.txnNumber) return txn;
    throw noSuchTransaction(
      `Given transaction number ${info.txnNumber} does not match any in-progress transactions. The active transaction number is ${current}`,
    );
  }

  private begin(session: Session, info: NumberedInfo): Transaction {
    this.supersede(session, info.txnNumber);
    const txn = new Transaction(info.key, info.txnNumber, this.store);
    const limit = this.options.transactionLifetimeLimitSeconds;
    txn.timer = setTimeout(() => this.expire(txn, limit), limit * 1000);
    txn.timer.unref();
    session.txn = txn;
    this.active.add(txn);
    return txn;
  }

  private expire(txn: Transaction, limit: number): void {
    const reason = `it exceeded transactionLifetimeLimitSeconds (${limit})`;
    if (!this.locks.hasWaiters) {
      this.abort(txn, reason);
      return;
    }
    // Often a command inside the transaction that was sent without its session, and so
    // waited for the transaction's own lock (MongoDB would have run it outside).
    this.log.warn?.(
      `devdb: aborted transaction ${txn.txnNumber} because ${reason} while commands of other sessions waited for ${[...txn.locks].join(', ')}; was a command of the transaction sent without its session?`,
    );
    this.abort(txn);
  }

  private supersede(session: Session, txnNumber: bigint): void {
    if (session.txn && session.txn.txnNumber < txnNumber) {
      this.abort(session.txn, 'its session started a newer transaction');
    }
    if (txnNumber > session.txnNumber) session.txnNumber = txnNumber;
  }

  private finish(txn: Transaction): void {
    txn.forget();
    this.active.delete(txn);
    this.locks.release(txn);
  }

  private touch(key: string): Session {
    let session = this.sessions.get(key);
    if (!session) {
      session = { txnNumber: -1n, txn: undefined, retried: undefined, lastUse: 0 };
      this.sessions.set(key, session);
    }
    session.lastUse = Date.now();
    return session;
  }
}

const aborted = (txnNumber: bigint): string => `Transaction ${txnNumber} has been aborted.`;
