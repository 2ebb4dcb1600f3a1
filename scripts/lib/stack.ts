import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { publishRemote } from '../publish-remote.js';
import { buildAll } from './build.js';
import { NATS_MISSING_MESSAGE, findNatsServer } from './nats.js';
import { REMOTE_NAMES, ROOT } from './paths.js';
import {
  DEV_SERVER_PORTS,
  PORT_ENV,
  inheritEnv,
  mongoUrl,
  planDevServers,
  planGateway,
  planInfra,
  planServices,
  planStream,
  portsFromEnv,
  type StackConfig,
  type StackPorts,
  type StackProcess,
} from './plan.js';
import { randomPorts, takenPorts } from './ports.js';
import { httpProbe, tcpProbe, waitUntil } from './ready.js';
import { Supervisor, tailReport, type Supervised } from './supervisor.js';

export class StackError extends Error {}

export interface StartStackOptions {
  root?: string;
  /** Default: $DATA_DIR or <root>/.data. */
  dataDir?: string;
  dev?: boolean;
  /** Explicit ports, 'random' (tests, bench) or 'env' (default: PORT, IDENTITY_PORT, ...). */
  ports?: StackPorts | 'random' | 'env';
  /** Default 'stale'; e2e uses 'missing'; 'none' skips building (and dev mode never builds). */
  build?: 'stale' | 'missing' | 'always' | 'none';
  env?: Record<string, string | undefined>;
  /** Prepended to the database names (use with a shared MONGO_URL). */
  dbPrefix?: string;
  /** Extra variables for every service and the gateway (e.g. AUTH_RATE_LIMIT). */
  extraEnv?: Record<string, string>;
  /** Output sink for prefixed child logs and progress lines. */
  write?: (line: string) => void;
  readyTimeoutMs?: number;
  logLevel?: string;
  /** Called when a child dies after start-up (the stack is then stopped). */
  onCrash?: (error: StackError) => void;
  /** Aborting it during start-up stops what was started and rejects with StackError. */
  signal?: AbortSignal;
}

export interface Stack {
  config: StackConfig;
  /** http://127.0.0.1:<gateway port> */
  gatewayUrl: string;
  serviceUrl(name: 'identity' | 'forum' | 'messaging' | 'stream'): string;
  mongoUrl: string;
  remotesDir: string;
  /** Dev mode only: the shell's rsbuild dev server. */
  shellDevUrl?: string;
  supervisor: Supervisor;
  stop(): Promise<void>;
}

function resolvePorts(
  choice: StartStackOptions['ports'],
  env: Record<string, string | undefined>,
): Promise<StackPorts> | StackPorts {
  if (choice === 'random') return randomPorts();
  if (choice && choice !== 'env') return choice;
  return portsFromEnv(env);
}

export async function startStack(options: StartStackOptions = {}): Promise<Stack> {
  const env = options.env ?? process.env;
  const root = options.root ?? ROOT;
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const dev = options.dev ?? false;
  const natsBin = findNatsServer(env);
  if (!natsBin) throw new StackError(NATS_MISSING_MESSAGE);
  const dataDir = path.resolve(options.dataDir ?? env.DATA_DIR ?? path.join(root, '.data'));
  const config: StackConfig = {
    root,
    dataDir,
    dev,
    ports: await resolvePorts(options.ports, env),
    natsBin,
    ...(env.MONGO_URL ? { mongoUrl: env.MONGO_URL } : {}),
    ...(options.dbPrefix ? { dbPrefix: options.dbPrefix } : {}),
    logLevel: options.logLevel ?? env.LOG_LEVEL ?? 'info',
    baseEnv: { ...inheritEnv(env), ...(options.extraEnv ?? {}) },
  };
  if (options.ports !== 'random') {
    // A stack already running on these ports would answer our readiness probes: refuse early.
    const wanted: Record<string, number> = { ...config.ports };
    if (config.mongoUrl) delete wanted.db;
    if (dev) {
      for (const [app, port] of Object.entries(DEV_SERVER_PORTS))
        wanted[`${app} dev server`] = port;
    }
    const taken = await takenPorts(wanted);
    if (taken.length) {
      throw new StackError(
        `These ports are in use (is another stack running?): ${taken.join(', ')}.\n` +
          `Stop it, or choose other ports: ${Object.values(PORT_ENV).join(', ')}.`,
      );
    }
  }
  const remotesDir = path.join(dataDir, 'remotes');
  for (const sub of ['db', 'nats', 'remotes', 'identity', 'forum', 'messaging']) {
    mkdirSync(path.join(dataDir, sub), { recursive: true });
  }

  if (!dev) {
    const mode = options.build ?? 'stale';
    if (mode !== 'none') await buildAll({ root, mode, write });
    for (const name of REMOTE_NAMES) {
      const published = publishRemote(name, { root, remotesDir });
      write(`[publish] ${name}@${published.version} -> ${published.entry}`);
    }
  }

  let running = false;
  const supervisor = new Supervisor({
    write,
    onUnexpectedExit: (proc) => {
      // During start-up the readiness wait reports it (and stops everything).
      if (!running || supervisor.isStopping) return;
      running = false;
      options.onCrash?.(
        new StackError(`${proc.spec.name} stopped unexpectedly\n${tailReport(proc)}`),
      );
    },
  });
  const timeoutMs = options.readyTimeoutMs ?? 60_000;

  const launch = async (group: StackProcess[]) => {
    if (options.signal?.aborted) throw new StackError('interrupted during start-up');
    for (const spec of group) supervisor.start(spec);
    await Promise.all(group.map((spec) => waitReady(spec, supervisor, timeoutMs, options.signal)));
  };

  try {
    await launch(planInfra(config));
    // The gateway starts with the services (about 2 s sooner up): its /ready waits for theirs.
    await launch([...planServices(config), planStream(config), planGateway(config)]);
    if (dev) await launch(planDevServers(config));
  } catch (error) {
    await supervisor.stopAll();
    throw error;
  }
  running = true;

  const local = (port: number) => `http://127.0.0.1:${port}`;
  return {
    config,
    gatewayUrl: local(config.ports.gateway),
    serviceUrl: (name) => local(config.ports[name]),
    mongoUrl: mongoUrl(config),
    remotesDir,
    ...(dev ? { shellDevUrl: `http://localhost:${DEV_SERVER_PORTS.shell}` } : {}),
    supervisor,
    stop: () => supervisor.stopAll(),
  };
}

async function waitReady(
  spec: StackProcess,
  supervisor: Supervisor,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<void> {
  const proc = supervisor.procs.find((p) => p.spec === spec)!;
  const probe =
    spec.ready.kind === 'http'
      ? httpProbe(spec.ready.url)
      : tcpProbe(spec.ready.host, spec.ready.port);
  const target =
    spec.ready.kind === 'http' ? spec.ready.url : `${spec.ready.host}:${spec.ready.port}`;
  let culprit: Supervised = proc;
  try {
    await waitUntil(`${spec.name} (${target})`, probe, {
      timeoutMs,
      gaveUp: () => {
        if (signal?.aborted) return 'interrupted';
        // Any process of the stack dying (this one or one started earlier) ends the wait.
        const dead = supervisor.procs.find((p) => p.exit);
        if (!dead) return undefined;
        culprit = dead;
        const how = dead.exit!.signal ?? `code ${dead.exit!.code}`;
        return dead === proc ? `it exited (${how})` : `${dead.spec.name} exited (${how})`;
      },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new StackError(`${message}\n${tailReport(culprit)}`);
  }
}
