import path from 'node:path';
import { BIN, FRONTEND_APPS, type FrontendApp } from './paths.js';
import type { ProcessSpec } from './supervisor.js';

export interface StackPorts {
  gateway: number;
  identity: number;
  forum: number;
  messaging: number;
  stream: number;
  db: number;
  nats: number;
  natsMonitor: number;
}

export const DEFAULT_PORTS: StackPorts = {
  gateway: 8080,
  identity: 4001,
  forum: 4002,
  messaging: 4003,
  stream: 4004,
  db: 27017,
  nats: 4222,
  natsMonitor: 8222,
};

/** rsbuild dev servers (`--dev`); their ports are fixed in each app's rsbuild config. */
export const DEV_SERVER_PORTS: Record<FrontendApp, number> = {
  shell: 3000,
  'mf-forum': 3001,
  'mf-inbox': 3002,
  'mf-admin': 3003,
};

/** Environment variable that overrides each port. */
export const PORT_ENV: Record<keyof StackPorts, string> = {
  gateway: 'PORT',
  identity: 'IDENTITY_PORT',
  forum: 'FORUM_PORT',
  messaging: 'MESSAGING_PORT',
  stream: 'STREAM_PORT',
  db: 'DB_PORT',
  nats: 'NATS_PORT',
  natsMonitor: 'NATS_MONITOR_PORT',
};

export interface StackConfig {
  root: string;
  /** Everything the stack writes: db/, nats/, remotes/ and one folder per service. */
  dataDir: string;
  dev: boolean;
  ports: StackPorts;
  /** nats-server executable. */
  natsBin: string;
  /** A real MongoDB to use instead of the dev DB (env MONGO_URL). */
  mongoUrl?: string;
  /** Prepended to each service's database name (a test stack on a shared MongoDB). */
  dbPrefix?: string;
  logLevel: string;
  /** Inherited environment (PATH and friends) plus anything the caller wants every child to see. */
  baseEnv: Record<string, string>;
}

export type Readiness = { kind: 'http'; url: string } | { kind: 'tcp'; host: string; port: number };

export interface StackProcess extends ProcessSpec {
  ready: Readiness;
}

export class ConfigProblem extends Error {}

function parsePort(name: string, raw: string): number {
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new ConfigProblem(`${name} must be a TCP port (1-65535), got "${raw}"`);
  }
  return port;
}

/** Ports from the environment (PORT, IDENTITY_PORT, ...), falling back to the defaults. */
export function portsFromEnv(env: Record<string, string | undefined>): StackPorts {
  const ports = { ...DEFAULT_PORTS };
  for (const key of Object.keys(PORT_ENV) as (keyof StackPorts)[]) {
    const raw = env[PORT_ENV[key]];
    if (raw !== undefined && raw !== '') ports[key] = parsePort(PORT_ENV[key], raw);
  }
  const seen = new Map<number, string>();
  for (const [key, port] of Object.entries(ports)) {
    const other = seen.get(port);
    if (other) throw new ConfigProblem(`${other} and ${key} both want port ${port}`);
    seen.set(port, key);
  }
  return ports;
}

/** Copies the string-valued entries of an env object, dropping variables the plan sets itself. */
export function inheritEnv(env: Record<string, string | undefined>): Record<string, string> {
  const owned = new Set([
    ...Object.values(PORT_ENV),
    'MONGO_URL',
    'MONGO_DB',
    'NATS_URL',
    'IDENTITY_URL',
    'FORUM_URL',
    'MESSAGING_URL',
    'STREAM_URL',
    'SHELL_DIR',
    'REMOTES_DIR',
    'DATA_DIR',
    'REMOTES_DEV',
  ]);
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && !owned.has(key)) out[key] = value;
  }
  return out;
}

const local = (port: number) => `http://127.0.0.1:${port}`;

export function mongoUrl(config: StackConfig): string {
  return config.mongoUrl ?? `mongodb://127.0.0.1:${config.ports.db}`;
}

/**
 * V8 flags of the processes that turn stored documents into pages (the three database services
 * and the dev DB): 64 MB young-generation semi-spaces instead of 16 MB, so a page's short-lived
 * documents die in fewer scavenges. Side by side on a post's page of 170 comments, 15% less CPU
 * in svc-forum and the dev DB (docs/PERFORMANCE.md). The gateway and svc-stream, which allocate
 * little per request, keep V8's default. docker-compose.yml sets the same through NODE_OPTIONS.
 */
export const DATA_PROCESS_FLAGS = ['--max-semi-space-size=64'];

/**
 * The dev DB's: the same semi-spaces, never smaller, and no memory reducer. Its heap holds the
 * data (1.1 GB at 100,000 posts), so each collection costs it far more than a service's. After a
 * quiet spell V8's memory reducer shrank the young generation back to 1 MB (the next minutes of
 * load then paid 25 times the scavenges: 138 in 4 s of home pages instead of 5, 0.8x the requests
 * served, p99 twice as long), and ran full GCs whose pauses of up to 222 ms fell on the first
 * requests after the quiet. Costs up to 128 MB of resident memory, and the heap is not given back
 * after a burst.
 */
export const DEV_DB_FLAGS = [
  ...DATA_PROCESS_FLAGS,
  '--min-semi-space-size=64',
  '--no-memory-reducer',
];

/** The dev DB's command line (node's arguments) on a port, its data under `<dataDir>/db`. */
export function devDbArgs(port: number, dataDir: string): string[] {
  return [
    ...DEV_DB_FLAGS,
    '--conditions=source',
    '--import',
    'tsx',
    BIN.devdbCli,
    '--port',
    String(port),
    '--dbpath',
    path.join(dataDir, 'db'),
  ];
}

/** The dev DB (unless a real MongoDB was given) and nats-server with JetStream. */
export function planInfra(config: StackConfig): StackProcess[] {
  const plan: StackProcess[] = [];
  if (!config.mongoUrl) {
    plan.push({
      name: 'devdb',
      command: process.execPath,
      args: devDbArgs(config.ports.db, config.dataDir),
      cwd: config.root,
      env: { ...config.baseEnv },
      ready: { kind: 'tcp', host: '127.0.0.1', port: config.ports.db },
    });
  }
  plan.push({
    name: 'nats',
    command: config.natsBin,
    args: [
      '-js',
      '-sd',
      path.join(config.dataDir, 'nats'),
      '-a',
      '127.0.0.1',
      '-p',
      String(config.ports.nats),
      '-m',
      String(config.ports.natsMonitor),
    ],
    cwd: config.root,
    env: { ...config.baseEnv },
    ready: { kind: 'http', url: `${local(config.ports.natsMonitor)}/healthz` },
  });
  return plan;
}

export const SERVICES = [
  { name: 'identity', dir: 'svc-identity', db: 'identity' },
  { name: 'forum', dir: 'svc-forum', db: 'forum' },
  { name: 'messaging', dir: 'svc-messaging', db: 'messaging' },
] as const;

/** How a Node server is run: the build (`node dist/main.js`) or the sources under tsx watch. */
function nodeServer(
  config: StackConfig,
  dir: string,
  flags: string[] = [],
): { command: string; args: string[] } {
  if (config.dev) {
    return {
      command: process.execPath,
      args: [
        BIN.tsx,
        'watch',
        '--clear-screen=false',
        '--conditions=source',
        path.join(config.root, dir, 'src', 'main.ts'),
      ],
    };
  }
  return {
    command: process.execPath,
    args: [...flags, path.join(config.root, dir, 'dist', 'main.js')],
  };
}

function commonServiceEnv(config: StackConfig): Record<string, string> {
  return {
    ...config.baseEnv,
    MONGO_URL: mongoUrl(config),
    NATS_URL: `nats://127.0.0.1:${config.ports.nats}`,
    IDENTITY_URL: local(config.ports.identity),
    LOG_LEVEL: config.logLevel,
  };
}

export function planServices(config: StackConfig): StackProcess[] {
  return SERVICES.map((svc) => {
    const port = config.ports[svc.name];
    return {
      name: svc.name,
      ...nodeServer(config, svc.dir, DATA_PROCESS_FLAGS),
      cwd: config.root,
      env: {
        ...commonServiceEnv(config),
        PORT: String(port),
        MONGO_DB: `${config.dbPrefix ?? ''}${svc.db}`,
        // Each service keeps its files (identity: signing keys, avatars) in its own folder.
        DATA_DIR: path.join(config.dataDir, svc.name),
        // Identity writes outgoing mail (password resets) to files when no SMTP is set.
        ...(svc.name === 'identity'
          ? { MAIL_DIR: path.join(config.dataDir, 'identity', 'mail') }
          : {}),
      },
      ready: { kind: 'http', url: `${local(port)}/ready` },
    };
  });
}

/**
 * svc-stream (EXTENSIONS §L): no database; it verifies tokens with identity's keys, asks forum
 * whether a post may be streamed and messaging for unread counts, and reads events from NATS.
 */
export function planStream(config: StackConfig): StackProcess {
  const port = config.ports.stream;
  return {
    name: 'stream',
    ...nodeServer(config, 'svc-stream'),
    cwd: config.root,
    env: {
      ...config.baseEnv,
      PORT: String(port),
      NATS_URL: `nats://127.0.0.1:${config.ports.nats}`,
      IDENTITY_URL: local(config.ports.identity),
      FORUM_URL: local(config.ports.forum),
      MESSAGING_URL: local(config.ports.messaging),
      LOG_LEVEL: config.logLevel,
    },
    ready: { kind: 'http', url: `${local(port)}/ready` },
  };
}

export function planGateway(config: StackConfig): StackProcess {
  const port = config.ports.gateway;
  return {
    name: 'gateway',
    ...nodeServer(config, 'gateway'),
    cwd: config.root,
    env: {
      ...commonServiceEnv(config),
      PORT: String(port),
      FORUM_URL: local(config.ports.forum),
      MESSAGING_URL: local(config.ports.messaging),
      STREAM_URL: local(config.ports.stream),
      SHELL_DIR: path.join(config.root, 'shell', 'dist'),
      REMOTES_DIR: path.join(config.dataDir, 'remotes'),
      // Dev: the CSP admits the rsbuild dev servers the shell loads remotes from.
      ...(config.dev ? { DEV_MODE: 'true' } : {}),
    },
    ready: { kind: 'http', url: `${local(port)}/ready` },
  };
}

/** The four rsbuild dev servers (`--dev`), run directly with node (no npm/sh in between). */
export function planDevServers(config: StackConfig): StackProcess[] {
  return FRONTEND_APPS.map((app) => {
    // Each dev server proxies /api and /media to the gateway.
    const env: Record<string, string> = {
      ...config.baseEnv,
      GATEWAY_URL: local(config.ports.gateway),
    };
    if (app === 'shell') env.REMOTES_DEV = '1';
    return {
      name: app,
      command: process.execPath,
      args: [BIN.rsbuild, 'dev'],
      cwd: path.join(config.root, app),
      env,
      ready: { kind: 'http', url: `http://localhost:${DEV_SERVER_PORTS[app]}/` },
    };
  });
}
