import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigProblem,
  DATA_PROCESS_FLAGS,
  DEV_DB_FLAGS,
  DEFAULT_PORTS,
  inheritEnv,
  planDevServers,
  planGateway,
  planInfra,
  planServices,
  portsFromEnv,
  type StackConfig,
} from './plan.js';

const config = (over: Partial<StackConfig> = {}): StackConfig => ({
  root: '/repo',
  dataDir: '/repo/.data',
  dev: false,
  ports: DEFAULT_PORTS,
  natsBin: '/usr/sbin/nats-server',
  logLevel: 'info',
  baseEnv: { PATH: '/usr/bin' },
  ...over,
});

describe('portsFromEnv', () => {
  it('uses the defaults and the overrides', () => {
    expect(portsFromEnv({})).toEqual(DEFAULT_PORTS);
    expect(portsFromEnv({ PORT: '18080', DB_PORT: '27018', NATS_PORT: '' })).toMatchObject({
      gateway: 18080,
      db: 27018,
      nats: 4222,
    });
  });

  it('rejects bad and clashing ports', () => {
    expect(() => portsFromEnv({ PORT: 'abc' })).toThrow(ConfigProblem);
    expect(() => portsFromEnv({ PORT: '4001' })).toThrow(/both want port 4001/);
  });
});

describe('inheritEnv', () => {
  it('drops the variables the plan sets per process', () => {
    expect(
      inheritEnv({ PATH: '/bin', PORT: '1', MONGO_URL: 'x', HOME: undefined, FOO: 'bar' }),
    ).toEqual({
      PATH: '/bin',
      FOO: 'bar',
    });
  });
});

describe('planInfra', () => {
  it('runs the dev DB CLI and nats-server with JetStream under the data dir', () => {
    const [db, nats] = planInfra(config());
    expect(db!.name).toBe('devdb');
    expect(db!.args).toEqual(
      expect.arrayContaining([
        ...DEV_DB_FLAGS,
        '--conditions=source',
        '--port',
        '27017',
        '--dbpath',
        '/repo/.data/db',
      ]),
    );
    expect(db!.ready).toEqual({ kind: 'tcp', host: '127.0.0.1', port: 27017 });
    expect(nats!.command).toBe('/usr/sbin/nats-server');
    expect(nats!.args).toEqual([
      '-js',
      '-sd',
      '/repo/.data/nats',
      '-a',
      '127.0.0.1',
      '-p',
      '4222',
      '-m',
      '8222',
    ]);
    expect(nats!.ready).toEqual({ kind: 'http', url: 'http://127.0.0.1:8222/healthz' });
  });

  it('skips the dev DB when a MongoDB URL is given', () => {
    expect(planInfra(config({ mongoUrl: 'mongodb://db:27017' })).map((p) => p.name)).toEqual([
      'nats',
    ]);
  });
});

describe('planServices / planGateway', () => {
  it('runs the builds with the wiring env', () => {
    const services = planServices(config());
    expect(services.map((s) => s.name)).toEqual(['identity', 'forum', 'messaging']);
    const forum = services[1]!;
    expect(forum.command).toBe(process.execPath);
    expect(forum.args).toEqual([
      ...DATA_PROCESS_FLAGS,
      path.join('/repo', 'svc-forum', 'dist', 'main.js'),
    ]);
    expect(forum.env).toMatchObject({
      PORT: '4002',
      MONGO_DB: 'forum',
      DATA_DIR: '/repo/.data/forum',
      MONGO_URL: 'mongodb://127.0.0.1:27017',
      NATS_URL: 'nats://127.0.0.1:4222',
      IDENTITY_URL: 'http://127.0.0.1:4001',
      PATH: '/usr/bin',
    });
    expect(forum.ready).toEqual({ kind: 'http', url: 'http://127.0.0.1:4002/ready' });
    const gw = planGateway(config());
    // The gateway allocates little per request: V8's default young generation.
    expect(gw.args).toEqual([path.join('/repo', 'gateway', 'dist', 'main.js')]);
    expect(gw.env).toMatchObject({
      PORT: '8080',
      FORUM_URL: 'http://127.0.0.1:4002',
      MESSAGING_URL: 'http://127.0.0.1:4003',
      SHELL_DIR: '/repo/shell/dist',
      REMOTES_DIR: '/repo/.data/remotes',
    });
  });

  it('prefixes database names when asked to', () => {
    expect(planServices(config({ dbPrefix: 'e2e_x_' })).map((s) => s.env.MONGO_DB)).toEqual([
      'e2e_x_identity',
      'e2e_x_forum',
      'e2e_x_messaging',
    ]);
  });

  it('runs the sources under tsx watch in dev mode', () => {
    const [identity] = planServices(config({ dev: true }));
    expect(identity!.args).toContain('watch');
    expect(identity!.args).toContain('--conditions=source');
    expect(identity!.args.at(-1)).toBe(path.join('/repo', 'svc-identity', 'src', 'main.ts'));
    expect(planGateway(config({ dev: true })).env.DEV_MODE).toBe('true');
    expect(planGateway(config()).env.DEV_MODE).toBeUndefined();
  });

  it('starts the four rsbuild dev servers directly, the shell with REMOTES_DEV=1', () => {
    const dev = planDevServers(config({ dev: true }));
    expect(dev.map((d) => d.name)).toEqual(['shell', 'mf-forum', 'mf-inbox', 'mf-admin']);
    expect(dev[0]!.env.REMOTES_DEV).toBe('1');
    expect(dev[1]!.env.REMOTES_DEV).toBeUndefined();
    expect(dev.every((d) => d.command === process.execPath && d.args.at(-1) === 'dev')).toBe(true);
  });
});
