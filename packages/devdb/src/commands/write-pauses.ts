import type { Doc } from '../bson.js';
import { interruptedDueToReplStateChange, queryPlanKilled } from '../errors.js';
import type { Collection } from '../engine/collection.js';
import { drive, PAUSE, Slice, WHOLE, type Pausing } from '../engine/pausing.js';
import { currentMatch, findPausing, type FindOptions } from '../engine/query.js';
import type { Context } from './context.js';

/**
 * Where a write over many documents lets other connections in: between documents (each one's
 * write and index keys are done together), as MongoDB yields inside multi-document writes,
 * which are not atomic across documents outside a transaction.
 *
 * Inside a transaction a write never pauses: its changes are routed to the transaction (for
 * undo and the commit's journal batch) only while its command runs synchronously, and a pause
 * would let the lifetime limit, killSessions or a step-down abort and undo the transaction
 * under the running write. Other sessions' commands on its database wait for its lock anyway.
 */
export class WritePauses {
  constructor(
    readonly slice: Slice,
    private readonly ctx: Context,
  ) {}

  /**
   * Pauses when the slice is used up (returns whether it did); `coll`, when given, must still
   * be there after.
   */
  *between(coll?: Collection): Pausing<boolean> {
    if (!this.slice.over) return false;
    yield PAUSE;
    if (coll) this.check(coll);
    return true;
  }

  /**
   * The document a single-document write changes, found by a read that may pause. After a
   * pause it must still match (MongoDB re-checks a document that changed while it yielded);
   * if it no longer does, the read runs again (the third time in one go).
   */
  *findOne(coll: Collection, filter: unknown, opts: FindOptions): Pausing<Doc | undefined> {
    for (let attempt = 0; ; attempt++) {
      const found = yield* findPausing(coll, filter, opts, attempt < 2 ? this.slice : WHOLE);
      const [doc] = found.docs;
      if (!found.paused || !doc) return doc;
      this.check(coll);
      const current = currentMatch(coll, doc, found.spec);
      if (current) return current;
    }
  }

  /** After a pause: the collection written to was not dropped (or re-created) meanwhile. */
  check(coll: Collection): void {
    if (this.ctx.store.collection(coll.db, coll.name) !== coll) {
      throw queryPlanKilled(`collection ${coll.ns} was dropped while the write paused`);
    }
  }
}

/**
 * Runs a write command's work: in one go inside a transaction, else in slices. Before going on
 * after a pause it waits while another session's transaction holds the database (the write
 * must neither show up inside that transaction nor be undone by its abort), and stops if the
 * node stepped down meanwhile (MongoDB interrupts writes on a step-down too).
 */
export function runPausingWrite(
  ctx: Context,
  work: (pauses: WritePauses) => Pausing<Doc>,
): Doc | Promise<Doc> {
  const slice = ctx.txn ? WHOLE : new Slice();
  const { locks } = ctx.node.sessions;
  const resume = (): Promise<void> | undefined => {
    if (!ctx.node.member.isPrimary) throw interruptedDueToReplStateChange();
    if (!locks.blocker([ctx.db], ctx.session?.key)) return undefined;
    return new Promise<void>((wake) => locks.waitToResume(wake)).then(resume);
  };
  return drive(work(new WritePauses(slice, ctx)), slice, resume);
}
