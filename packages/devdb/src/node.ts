import { CursorRegistry } from './cursors.js';
import { Store } from './engine/store.js';
import type { Logger } from './logger.js';
import { ReplicaSetMember } from './replset/member.js';
import { Sessions } from './txn/sessions.js';

/** Everything a command can reach, apart from the network: the server's state. */
export interface Node {
  store: Store;
  cursors: CursorRegistry;
  member: ReplicaSetMember;
  sessions: Sessions;
  /** replSetStepDown: a secondary for `seconds`; aborts transactions, closes other connections. */
  stepDown(seconds: number, requesterConnectionId: number): void;
}

export interface NodeOptions {
  replSetName?: string;
  transactionLifetimeLimitSeconds?: number;
  logger?: Logger;
  /** Closes every client connection except `except` (used by step-down). */
  closeConnections?: (except: number) => void;
}

export function createNode(options: NodeOptions = {}): Node {
  const store = new Store();
  const cursors = new CursorRegistry();
  const member = new ReplicaSetMember(options.replSetName ?? 'rs0', () => store.lastWriteAt);
  const sessions = new Sessions(
    store,
    cursors,
    { transactionLifetimeLimitSeconds: options.transactionLifetimeLimitSeconds ?? 10 },
    options.logger ?? {},
  );
  return {
    store,
    cursors,
    member,
    sessions,
    stepDown(seconds, requester) {
      member.stepDown(seconds);
      // As on a real step-down, open transactions cannot commit any more.
      sessions.abortAll('the primary stepped down');
      options.closeConnections?.(requester);
    },
  };
}
