/** An error that is sent back to the client as `{ ok: 0, errmsg, code, codeName, ...extra }`. */
export class CommandError extends Error {
  constructor(
    readonly code: number,
    readonly codeName: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badValue = (msg: string): CommandError => new CommandError(2, 'BadValue', msg);
export const typeMismatch = (msg: string): CommandError =>
  new CommandError(14, 'TypeMismatch', msg);
export const notFound = (msg: string): CommandError =>
  new CommandError(26, 'NamespaceNotFound', msg);
export const commandNotFound = (name: string): CommandError =>
  new CommandError(59, 'CommandNotFound', `no such command: '${name}'`);
export const immutableField = (msg: string): CommandError =>
  new CommandError(66, 'ImmutableField', msg);
export const cursorNotFound = (id: bigint): CommandError =>
  new CommandError(43, 'CursorNotFound', `cursor id ${id} not found`);
export const invalidOptions = (msg: string): CommandError =>
  new CommandError(72, 'InvalidOptions', msg);
export const notWritablePrimary = (): CommandError =>
  new CommandError(10107, 'NotWritablePrimary', 'not primary');
export const notPrimaryNoSecondaryOk = (): CommandError =>
  new CommandError(13435, 'NotPrimaryNoSecondaryOk', 'not primary and secondaryOk=false');
export const adminOnly = (name: string): CommandError =>
  new CommandError(13, 'Unauthorized', `${name} may only be run against the admin database.`);

/**
 * mingo reports unknown or invalid operators with plain Errors; they become BadValue.
 * JS runtime errors are bugs (ours or mingo's) and are reported as such.
 */
export function toCommandError(err: unknown): CommandError {
  if (err instanceof CommandError) return err;
  if (err instanceof TypeError || err instanceof RangeError || err instanceof ReferenceError) {
    return new CommandError(1, 'InternalError', `devdb internal error: ${err.message}`);
  }
  const msg = err instanceof Error ? err.message : String(err);
  return badValue(msg);
}

// Session and transaction errors, with MongoDB's codes and messages.
export const noSuchTransaction = (msg: string): CommandError =>
  new CommandError(251, 'NoSuchTransaction', msg);
export const transactionTooOld = (txnNumber: bigint, newer: bigint): CommandError =>
  new CommandError(
    225,
    'TransactionTooOld',
    `Cannot start transaction ${txnNumber} on session because a newer transaction ${newer} has already started.`,
  );
export const transactionCommitted = (txnNumber: bigint): CommandError =>
  new CommandError(256, 'TransactionCommitted', `Transaction ${txnNumber} has been committed.`);
export const notInTransaction = (msg: string): CommandError =>
  new CommandError(263, 'OperationNotSupportedInTransaction', msg);
export const writeConflict = (): CommandError =>
  new CommandError(
    112,
    'WriteConflict',
    'Write conflict during plan execution and yielding is disabled. :: Please retry your operation or multi-document transaction.',
  );
export const transactionTooLarge = (msg: string): CommandError =>
  new CommandError(257, 'TransactionTooLarge', msg);
/** A write that paused and found its collection dropped, or the node stepped down, meanwhile. */
export const queryPlanKilled = (msg: string): CommandError =>
  new CommandError(175, 'QueryPlanKilled', msg);
export const interruptedDueToReplStateChange = (): CommandError =>
  new CommandError(
    11602,
    'InterruptedDueToReplStateChange',
    'operation was interrupted because the node stepped down',
  );
