import os from 'node:os';
import type { Doc } from '../bson.js';
import type { Context, Handler } from './context.js';

const startedAt = Date.now();

/** MongoDB 7.0 (wire version 21) as the member of a replica set, with sessions. */
function hello(cmd: Doc, ctx: Context): Doc {
  const legacy = cmd.isMaster !== undefined || cmd.ismaster !== undefined;
  return {
    helloOk: true,
    ...ctx.node.member.helloFields(legacy),
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
  logout: () => ({ ok: 1 }),
};
