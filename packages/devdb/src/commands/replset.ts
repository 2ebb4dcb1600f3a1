import { CommandError, adminOnly, badValue } from '../errors.js';
import { num, type Context, type Handler } from './context.js';

const LIFETIME = 'transactionLifetimeLimitSeconds';

function onAdmin(name: string, ctx: Context): void {
  if (ctx.db !== 'admin') throw adminOnly(name);
}

/** Replica-set administration and the server parameters devdb knows. */
export const replSetCommands: Record<string, Handler> = {
  replSetGetStatus(_cmd, ctx) {
    onAdmin('replSetGetStatus', ctx);
    return ctx.node.member.status();
  },

  /** Secondary for that many seconds (60 when not a number), then primary again. */
  replSetStepDown(cmd, ctx) {
    onAdmin('replSetStepDown', ctx);
    if (!ctx.node.member.isPrimary) {
      throw new CommandError(10107, 'NotWritablePrimary', "not primary so can't step down");
    }
    const seconds = num(cmd.replSetStepDown, 60);
    if (!(seconds > 0)) throw badValue('replSetStepDown requires a positive number of seconds');
    ctx.node.stepDown(seconds, ctx.connectionId);
    return { ok: 1 };
  },

  getParameter(cmd, ctx) {
    const known: Record<string, unknown> = {
      featureCompatibilityVersion: { version: '7.0' },
      authenticationMechanisms: [],
      [LIFETIME]: ctx.node.sessions.options.transactionLifetimeLimitSeconds,
    };
    if (cmd.getParameter === '*') return { ...known, ok: 1 };
    const out: Record<string, unknown> = { ok: 1 };
    for (const k of Object.keys(cmd)) if (k in known) out[k] = known[k];
    return out;
  },

  /** Only transactionLifetimeLimitSeconds can be set (tests shorten it, as on MongoDB). */
  setParameter(cmd, ctx) {
    onAdmin('setParameter', ctx);
    const options = ctx.node.sessions.options;
    const value = num(cmd[LIFETIME], NaN);
    if (!(value >= 1)) {
      const names = Object.keys(cmd).filter((k) => k !== 'setParameter' && !k.startsWith('$'));
      throw new CommandError(
        72,
        'InvalidOptions',
        cmd[LIFETIME] === undefined
          ? `devdb cannot set parameter(s) ${names.join(', ')}`
          : `${LIFETIME} must be at least 1`,
      );
    }
    const was = options.transactionLifetimeLimitSeconds;
    options.transactionLifetimeLimitSeconds = value;
    return { was, ok: 1 };
  },
};
