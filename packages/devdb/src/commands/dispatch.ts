import type { Doc } from '../bson.js';
import { badValue, commandNotFound, toCommandError } from '../errors.js';
import { aggregateCommands } from './aggregate.js';
import type { Context, Handler } from './context.js';
import { databaseCommands } from './databases.js';
import { deleteCommands } from './delete.js';
import { explainCommands } from './explain.js';
import { findAndModifyCommands } from './find-and-modify.js';
import { findCommands } from './find.js';
import { handshakeCommands } from './handshake.js';
import { indexCommands } from './indexes.js';
import { insertCommands } from './insert.js';
import { replSetCommands } from './replset.js';
import { sessionCommands } from './sessions.js';
import { updateCommands } from './update.js';

/** Commands that read or write the data of their database. */
const dataCommands: Record<string, Handler> = {
  ...databaseCommands,
  ...insertCommands,
  ...findCommands,
  ...updateCommands,
  ...deleteCommands,
  ...findAndModifyCommands,
  ...aggregateCommands,
  ...explainCommands,
  ...indexCommands,
};

const handlers = new Map<string, Handler>(
  Object.entries({
    ...handshakeCommands,
    ...replSetCommands,
    ...sessionCommands,
    ...dataCommands,
  }),
);

/**
 * The databases a command reads or writes, which a transaction's lock may keep it from:
 * its own (`$db`), every one for listDatabases, none for handshake and session commands.
 */
export function databasesTouched(name: string, db: string): readonly string[] | '*' {
  if (name === 'listDatabases') return '*';
  return Object.hasOwn(dataCommands, name) ? [db] : [];
}

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

/** The `ok: 0` reply for an error. */
export function errorReply(err: unknown): Doc {
  const e = toCommandError(err);
  return { ok: 0, errmsg: e.message, code: e.code, codeName: e.codeName, ...e.extra };
}

/**
 * Runs one command and always returns a reply document (errors become `ok: 0`); a read that
 * had to pause returns it later.
 */
export function dispatch(cmd: Doc, ctx: Context): Doc | Promise<Doc> {
  const name = Object.keys(cmd)[0] ?? '';
  try {
    rejectCollation(cmd);
    const handler = handlers.get(name);
    if (!handler) throw commandNotFound(name);
    const reply = handler(cmd, ctx);
    return reply instanceof Promise ? reply.catch(errorReply) : reply;
  } catch (err) {
    return errorReply(err);
  }
}
