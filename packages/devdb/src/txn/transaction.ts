import type { Doc } from '../bson.js';
import type { WriteLog } from '../engine/collection.js';
import type { Store } from '../engine/store.js';
import { undoOf } from './undo.js';

export type TransactionState = 'active' | 'committed' | 'aborted';

/**
 * One multi-document transaction. Its commands change the store in place (no other session
 * can look: it holds the locks of the databases it touched), and each change is recorded
 * twice: the journal record, held back until commit, and how to undo it on abort.
 */
export class Transaction implements WriteLog {
  state: TransactionState = 'active';
  /** Journal records, written as one batch record at commit. */
  records: Doc[] = [];
  readonly locks = new Set<string>();
  /** Connections its commands arrived on: when all have closed, the client is gone. */
  readonly connections = new Set<number>();
  /** Cursors opened inside it: killed if it aborts (they may hold undone documents). */
  readonly cursors: bigint[] = [];
  /** The transaction one of its commands waits for (deadlock detection). */
  waitingFor: Transaction | undefined;
  timer: NodeJS.Timeout | undefined;
  private undo: (() => void)[] = [];
  private readonly created = new Set<string>();

  constructor(
    readonly sessionKey: string,
    readonly txnNumber: bigint,
    private readonly store: Store,
  ) {}

  append(record: Doc, before?: Doc): void {
    this.undo.push(undoOf(this.store, record, before));
    this.records.push(record);
    if (record.op === 'createColl') this.created.add(`${String(record.db)}.${String(record.c)}`);
  }

  /** Whether the collection `ns` was created inside this transaction. */
  createdCollection(ns: string): boolean {
    return this.created.has(ns);
  }

  /** Reverts every change, newest first. */
  rollback(): void {
    for (let i = this.undo.length - 1; i >= 0; i--) this.undo[i]!();
    this.forget();
  }

  /** Drops what only an active transaction needs (it is kept to answer commit retries). */
  forget(): void {
    this.undo = [];
    this.records = [];
    clearTimeout(this.timer);
  }
}
