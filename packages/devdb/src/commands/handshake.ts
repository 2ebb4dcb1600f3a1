import os from 'node:os';
import type { Doc } from '../bson.js';
import type { Context, Handler } from './context.js';

const startedAt = Date.now();

/** Standalone MongoDB 7.0 (wire version 21); sessions are accepted so drivers use them. */
function hello(cmd: Doc, ctx: Context): Doc {
  const legacy = cmd.isMaster !== undefined || cmd.ismaster !== undefined;
  return {
    helloOk: true,
    ...(legacy ? { ismaster: true } : { isWritablePrimary: true }),
    maxBsonObjectSize: 16 * 1024 * 1024,
    maxMessageSizeBytes: 48_000_000,
    maxWriteBatchSize: 100_000,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId: ctx.connectionId,
    minWireVersion: 0,
    maxWireVersion: 21,
    readOnly: false,
    ok: 1,
  };
}

export const handshakeCommands: Record<string, Handler> = {
  hello,
  isMaster: hello,
  ismaster: hello,
  ping: () => ({ ok: 1 }),
  buildInfo: () => ({
    version: '7.0.0',
    gitVersion: 'devdb',
    versionArray: [7, 0, 0, 0],
    bits: 64,
    debug: false,
    maxBsonObjectSize: 16 * 1024 * 1024,
    storageEngines: ['devdb'],
    modules: [],
    ok: 1,
  }),
  buildinfo: (cmd, ctx) => handshakeCommands.buildInfo!(cmd, ctx),
  getParameter: (cmd) => {
    const known: Doc = {
      featureCompatibilityVersion: { version: '7.0' },
      authenticationMechanisms: [],
    };
    if (cmd.getParameter === '*') return { ...known, ok: 1 };
    const out: Doc = { ok: 1 };
    for (const k of Object.keys(cmd)) if (k in known) out[k] = known[k];
    return out;
  },
  connectionStatus: () => ({
    authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] },
    ok: 1,
  }),
  hostInfo: () => ({
    system: {
      currentTime: new Date(),
      hostname: os.hostname(),
      cpuArch: os.arch(),
      numCores: os.cpus().length,
      memSizeMB: Math.round(os.totalmem() / 1048576),
    },
    os: { type: os.type(), name: os.platform(), version: os.release() },
    extra: {},
    ok: 1,
  }),
  whatsmyuri: (_cmd, ctx) => ({ you: ctx.remote, ok: 1 }),
  getLog: (cmd) =>
    cmd.getLog === '*'
      ? { names: ['global', 'startupWarnings'], ok: 1 }
      : { totalLinesWritten: 0, log: [], ok: 1 },
  getCmdLineOpts: () => ({ argv: ['devdb'], parsed: {}, ok: 1 }),
  serverStatus: () => ({
    host: os.hostname(),
    version: '7.0.0',
    process: 'devdb',
    pid: process.pid,
    uptime: Math.floor((Date.now() - startedAt) / 1000),
    localTime: new Date(),
    mem: { resident: Math.round(process.memoryUsage().rss / 1048576) },
    ok: 1,
  }),
  endSessions: () => ({ ok: 1 }),
  killAllSessions: () => ({ ok: 1 }),
  killSessions: () => ({ ok: 1 }),
  refreshSessions: () => ({ ok: 1 }),
  startSession: () => ({ ok: 1 }),
  logout: () => ({ ok: 1 }),
};
