import type { Doc } from '../bson.js';
import { notInTransaction, writeConflict } from '../errors.js';
import type { Node } from '../node.js';
import { errorLabels } from '../txn/error-labels.js';
import { sessionInfo, type SessionInfo } from '../txn/session-info.js';
import type { NumberedInfo } from '../txn/sessions.js';
import type { Transaction } from '../txn/transaction.js';
import type { Context } from './context.js';
import { databasesTouched, dispatch, errorReply } from './dispatch.js';
import { isCommitOrAbort, retryableWriteCommands, transactionCommands } from './kinds.js';

export interface Caller {
  connectionId: number;
  remote: string;
}

/**
 * What became of a command: its reply, or the transaction whose lock it must wait for
 * (`waiter` is the caller's own transaction, if it has one, for deadlock detection).
 */
export type Outcome =
  | { reply: Doc; blockedBy?: undefined; pending?: undefined }
  | { blockedBy: Transaction; waiter: Transaction | undefined; pending?: undefined }
  /** A command that pauses to let other connections in: its reply comes later. */
  | { pending: Promise<Doc>; blockedBy?: undefined };

const SYSTEM_DBS = new Set(['admin', 'config', 'local']);

/**
 * Runs one command with everything around it: the replica-set role, its session and
 * transaction (locks, undo, the journal batch), retryable-write replay and error labels.
 * Nothing here waits: a command that must wait comes back `blockedBy`, and is run again
 * from the start once a lock is released.
 */
export function runCommand(node: Node, cmd: Doc, db: string, caller: Caller): Outcome {
  const name = Object.keys(cmd)[0] ?? '';
  let info: SessionInfo | undefined;
  let txn: Transaction | undefined;
  let reply: Doc;
  try {
    info = sessionInfo(cmd);
    node.member.checkServes(name, cmd);
    const numbered = info.txnNumber === undefined ? undefined : (info as NumberedInfo);
    const inTxn = numbered && info.inTransaction && !isCommitOrAbort(name) ? numbered : undefined;
    if (inTxn) {
      checkAllowedInTransaction(name, db);
      node.sessions.checkTransaction(inTxn);
    }
    const dbs = databasesTouched(name, db);
    const blocker = node.sessions.locks.blocker(dbs, info.key);
    if (blocker) {
      const waiter = inTxn ? node.sessions.activeTransaction(inTxn) : undefined;
      if (waiter && node.sessions.locks.wouldDeadlock(waiter, blocker)) throw writeConflict();
      return { blockedBy: blocker, waiter };
    }
    const retryable =
      numbered && !info.inTransaction && retryableWriteCommands.has(name) ? numbered : undefined;
    if (retryable) {
      const saved = node.sessions.replay(retryable);
      if (saved) return { reply: saved };
      // A retry of a write that is still running (it paused) gets that write's reply.
      const running = node.sessions.running(retryable);
      if (running) return { pending: running };
      node.sessions.beginRetryableWrite(retryable);
    }
    if (inTxn) {
      txn = node.sessions.enter(inTxn, caller.connectionId);
      if (dbs !== '*') node.sessions.locks.acquire(dbs, txn);
    }
    const ctx: Context = {
      node,
      store: node.store,
      cursors: node.cursors,
      db,
      connectionId: caller.connectionId,
      remote: caller.remote,
      session: info,
      txn,
    };
    const result = txn ? node.store.withLog(txn, () => dispatch(cmd, ctx)) : dispatch(cmd, ctx);
    if (result instanceof Promise) {
      // A long read or a write over many documents that paused (never inside a transaction).
      const session = info;
      const inside = txn;
      const pending = result.then((r) => {
        if (retryable && r.ok === 1) node.sessions.remember(retryable, r);
        return settle(node, name, session, inside, r);
      });
      if (retryable) node.sessions.track(retryable, pending);
      return { pending };
    }
    reply = result;
    if (retryable && reply.ok === 1) node.sessions.remember(retryable, reply);
  } catch (err) {
    reply = errorReply(err);
  }
  return { reply: settle(node, name, info, txn, reply) };
}

function checkAllowedInTransaction(name: string, db: string): void {
  if (!transactionCommands.has(name)) {
    throw notInTransaction(`Cannot run '${name}' in a multi-document transaction.`);
  }
  if (SYSTEM_DBS.has(db)) {
    throw notInTransaction(`Cannot run command against the '${db}' database in a transaction.`);
  }
}

/**
 * After the command: a failure aborts its transaction, as does a write error (MongoDB stops
 * a transaction's batch at its first write error and reports it in `writeErrors`); command
 * errors get MongoDB's labels.
 */
function settle(
  node: Node,
  name: string,
  info: SessionInfo | undefined,
  txn: Transaction | undefined,
  reply: Doc,
): Doc {
  if (reply.ok === 1) {
    const cursorId = (reply.cursor as Doc | undefined)?.id;
    if (txn && typeof cursorId === 'bigint' && cursorId !== 0n) txn.cursors.push(cursorId);
    if (txn && Array.isArray(reply.writeErrors)) node.sessions.abort(txn);
    return reply;
  }
  if (!info || info.txnNumber === undefined) return reply;
  const commitOrAbort = isCommitOrAbort(name);
  if (info.inTransaction && !commitOrAbort) node.sessions.abortAfterError(info as NumberedInfo);
  const labels = errorLabels(Number(reply.code), info, commitOrAbort);
  return labels.length ? { ...reply, errorLabels: labels } : reply;
}
