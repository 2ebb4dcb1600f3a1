import type { Doc } from '../bson.js';
import { CommandError, badValue, commandNotFound, toCommandError } from '../errors.js';
import { aggregateCommands } from './aggregate.js';
import type { Context, Handler } from './context.js';
import { databaseCommands } from './databases.js';
import { deleteCommands } from './delete.js';
import { findAndModifyCommands } from './find-and-modify.js';
import { findCommands } from './find.js';
import { handshakeCommands } from './handshake.js';
import { indexCommands } from './indexes.js';
import { insertCommands } from './insert.js';
import { updateCommands } from './update.js';

const handlers = new Map<string, Handler>(
  Object.entries({
    ...handshakeCommands,
    ...databaseCommands,
    ...insertCommands,
    ...findCommands,
    ...updateCommands,
    ...deleteCommands,
    ...findAndModifyCommands,
    ...aggregateCommands,
    ...indexCommands,
  }),
);

// Not code 20 (what a real standalone answers): the driver rewrites that into a misleading
// "add retryWrites=false" hint for every write.
const noTransactions = (): CommandError =>
  new CommandError(
    263,
    'OperationNotSupportedInTransaction',
    'devdb is a standalone dev server and does not support transactions (startTransaction/commitTransaction)',
  );

/** Collations change matching and ordering; rather than ignore one, refuse it. */
function rejectCollation(cmd: Doc): void {
  const specs: unknown[] = [cmd.collation];
  for (const list of [cmd.updates, cmd.deletes, cmd.indexes]) {
    if (Array.isArray(list)) for (const s of list) specs.push((s as Doc | null)?.collation);
  }
  for (const c of specs) {
    if (c === undefined || c === null) continue;
    if ((c as Doc).locale === 'simple') continue;
    throw badValue('collations other than { locale: "simple" } are not supported by devdb');
  }
}

/** Runs one command and always returns a reply document (errors become `ok: 0`). */
export function dispatch(cmd: Doc, ctx: Context): Doc {
  const name = Object.keys(cmd)[0] ?? '';
  try {
    if (cmd.startTransaction === true || cmd.autocommit === false) throw noTransactions();
    if (name === 'commitTransaction' || name === 'abortTransaction') throw noTransactions();
    rejectCollation(cmd);
    const handler = handlers.get(name);
    if (!handler) throw commandNotFound(name);
    return handler(cmd, ctx);
  } catch (err) {
    const e = toCommandError(err);
    return { ok: 0, errmsg: e.message, code: e.code, codeName: e.codeName, ...e.extra };
  }
}
