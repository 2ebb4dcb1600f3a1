/**
 * Command classes that decide what a secondary serves and what a transaction may run
 * (MongoDB's lists, restricted to the commands devdb implements).
 */

/** Commands that change data: only a writable primary runs them. */
export const writeCommands = new Set([
  'insert',
  'update',
  'delete',
  'findAndModify',
  'findandmodify',
  'create',
  'drop',
  'dropDatabase',
  'createIndexes',
  'dropIndexes',
  'deleteIndexes',
  'commitTransaction',
  'abortTransaction',
]);

/** Reads: a secondary serves them only when `$readPreference` is not `primary`. */
export const readCommands = new Set([
  'find',
  'aggregate',
  'count',
  'distinct',
  'explain',
  'listCollections',
  'listIndexes',
  'collStats',
  'dbStats',
  'listDatabases',
]);

/** Writes the driver retries with the same `lsid` + `txnNumber` (retryable writes). */
export const retryableWriteCommands = new Set([
  'insert',
  'update',
  'delete',
  'findAndModify',
  'findandmodify',
]);

/** What MongoDB lets a multi-document transaction run (plus informational commands). */
export const transactionCommands = new Set([
  'abortTransaction',
  'aggregate',
  'commitTransaction',
  'create',
  'createIndexes',
  'delete',
  'distinct',
  'find',
  'findAndModify',
  'findandmodify',
  'getMore',
  'insert',
  'killCursors',
  'update',
  'hello',
  'isMaster',
  'ismaster',
  'buildInfo',
  'buildinfo',
  'connectionStatus',
]);

export const isCommitOrAbort = (name: string): boolean =>
  name === 'commitTransaction' || name === 'abortTransaction';
