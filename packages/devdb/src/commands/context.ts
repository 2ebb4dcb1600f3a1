import type { Doc } from '../bson.js';
import { CommandError } from '../errors.js';
import type { CursorRegistry } from '../cursors.js';
import type { Store } from '../engine/store.js';
import type { Node } from '../node.js';
import type { SessionInfo } from '../txn/session-info.js';
import type { Transaction } from '../txn/transaction.js';

export interface Context {
  node: Node;
  /** Shorthands for node.store and node.cursors. */
  store: Store;
  cursors: CursorRegistry;
  /** The database the command runs against (`$db`). */
  db: string;
  connectionId: number;
  /** host:port of the client, for whatsmyuri. */
  remote: string;
  /** The command's session fields (commit/abort need them). */
  session?: SessionInfo;
  /** The transaction the command runs in. */
  txn?: Transaction;
}

/**
 * Commands run synchronously to completion, which makes each one atomic, unless they are long:
 * then they come back with a promise and pause between pieces of work to let other
 * connections in. A long read reads a frozen view of the data meanwhile (engine/executor.ts);
 * a write over many documents pauses between documents, each document's write whole, never
 * inside a transaction (commands/write-pauses.ts); a pipeline's stages pause between chunks
 * (engine/pipeline-steps.ts).
 */
export type Handler = (cmd: Doc, ctx: Context) => Doc | Promise<Doc>;

export function collName(cmd: Doc, name: string): string {
  const v = cmd[name];
  if (typeof v !== 'string' || !v) {
    throw new CommandError(73, 'InvalidNamespace', `collection name has invalid type ${typeof v}`);
  }
  return v;
}

export function num(v: unknown, fallback: number): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  return fallback;
}
