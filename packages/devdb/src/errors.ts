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
