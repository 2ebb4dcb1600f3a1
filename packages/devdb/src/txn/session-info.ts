import { Binary } from 'bson';
import type { Doc } from '../bson.js';
import { invalidOptions } from '../errors.js';
import { isPlainObject, keyOf } from '../engine/values.js';

/** The session fields of a command (`lsid`, `txnNumber`, `autocommit`, `startTransaction`). */
export interface SessionInfo {
  /** The session's id (`lsid.id`) as a map key; undefined without a session. */
  key: string | undefined;
  txnNumber: bigint | undefined;
  /** `autocommit: false`: the command belongs to a multi-document transaction. */
  inTransaction: boolean;
  startTransaction: boolean;
}

export function sessionKey(lsid: unknown): string | undefined {
  if (!isPlainObject(lsid) || lsid.id === undefined) return undefined;
  return lsid.id instanceof Binary ? lsid.id.toString('hex') : keyOf(lsid.id);
}

export function sessionInfo(cmd: Doc): SessionInfo {
  const key = sessionKey(cmd.lsid);
  const n = cmd.txnNumber;
  const txnNumber = typeof n === 'bigint' || typeof n === 'number' ? BigInt(n) : undefined;
  if (cmd.autocommit === true) throw invalidOptions('Specifying autocommit=true is not allowed.');
  const inTransaction = cmd.autocommit === false;
  const startTransaction = cmd.startTransaction === true;
  if (txnNumber !== undefined && key === undefined) {
    throw invalidOptions('Transaction number requires a session ID to also be specified');
  }
  if (inTransaction && txnNumber === undefined) {
    throw invalidOptions("'autocommit' field requires a transaction number to also be specified");
  }
  if (startTransaction && !inTransaction) {
    throw invalidOptions("'startTransaction' requires 'autocommit: false'");
  }
  return { key, txnNumber, inTransaction, startTransaction };
}
