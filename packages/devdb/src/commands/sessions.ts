import type { Doc } from '../bson.js';
import { adminOnly, invalidOptions } from '../errors.js';
import { sessionKey } from '../txn/session-info.js';
import type { NumberedInfo } from '../txn/sessions.js';
import type { Context, Handler } from './context.js';

/** The session and txnNumber a commit or abort is about. */
function transactionOf(name: string, ctx: Context): NumberedInfo {
  if (ctx.db !== 'admin') throw adminOnly(name);
  const info = ctx.session;
  if (info?.key === undefined || info.txnNumber === undefined || !info.inTransaction) {
    throw invalidOptions(`${name} must be run within a transaction`);
  }
  return info as NumberedInfo;
}

function sessionKeys(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.map(sessionKey).filter((k): k is string => k !== undefined);
}

export const sessionCommands: Record<string, Handler> = {
  commitTransaction(_cmd, ctx) {
    ctx.node.sessions.commit(transactionOf('commitTransaction', ctx));
    return { ok: 1 };
  },
  abortTransaction(_cmd, ctx) {
    ctx.node.sessions.abortCommand(transactionOf('abortTransaction', ctx));
    return { ok: 1 };
  },
  endSessions(cmd: Doc, ctx) {
    ctx.node.sessions.end(sessionKeys(cmd.endSessions));
    return { ok: 1 };
  },
  killSessions(cmd: Doc, ctx) {
    ctx.node.sessions.end(sessionKeys(cmd.killSessions));
    return { ok: 1 };
  },
  killAllSessions(_cmd, ctx) {
    ctx.node.sessions.endAll();
    return { ok: 1 };
  },
  refreshSessions: () => ({ ok: 1 }),
  startSession: () => ({ ok: 1 }),
};
