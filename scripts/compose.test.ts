import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from './lib/paths.js';
import { DATA_PROCESS_FLAGS } from './lib/plan.js';

interface ComposeService {
  image?: string;
  command?: string[] | string;
  build?: string | { context?: string; dockerfile?: string; args?: Record<string, string> };
  healthcheck?: { test?: unknown; disable?: boolean };
  restart?: string;
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: Record<string, { condition?: string }> | string[];
}

const composeText = readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8');
const compose = parse(composeText, { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
};
const services = compose.services;

function envOf(service: ComposeService): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(env.map((e) => [e.split('=')[0]!, e.split('=').slice(1).join('=')]));
  }
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v ?? '')]));
}

/** Wiring every Node service needs to find its peers and stores (service-kit baseServiceConfig). */
const SERVICE_WIRING = ['PORT', 'MONGO_URL', 'MONGO_DB', 'NATS_URL', 'IDENTITY_URL', 'LOG_LEVEL'];

/** compose service -> workspace folder, and the variables it must be given. */
const NODE_SERVICES: Record<string, { dir: string; requires: string[] }> = {
  'svc-identity': { dir: 'svc-identity', requires: [...SERVICE_WIRING, 'ADMIN_USERNAME'] },
  'svc-forum': { dir: 'svc-forum', requires: [...SERVICE_WIRING, 'ADMIN_USERNAME'] },
  'svc-messaging': { dir: 'svc-messaging', requires: SERVICE_WIRING },
  // No database: identity's keys, forum and messaging over HTTP, events from NATS.
  'svc-stream': {
    dir: 'svc-stream',
    requires: ['PORT', 'NATS_URL', 'IDENTITY_URL', 'FORUM_URL', 'MESSAGING_URL', 'LOG_LEVEL'],
  },
  gateway: {
    dir: 'gateway',
    requires: [
      'PORT',
      'IDENTITY_URL',
      'FORUM_URL',
      'MESSAGING_URL',
      'STREAM_URL',
      'SHELL_URL',
      'REMOTE_FORUM_URL',
      'REMOTE_INBOX_URL',
      'REMOTE_ADMIN_URL',
      'REMOTES_MANIFEST',
      'ADMIN_USERNAME',
    ],
  },
};

interface ShapeSchema {
  shape: Record<string, { safeParse(value: unknown): { success: boolean } }>;
}

/** The service's exported zod config schema (`<name>ConfigSchema` in src/config.ts), if any. */
async function configSchema(dir: string): Promise<ShapeSchema | undefined> {
  const file = path.join(ROOT, dir, 'src', 'config.ts');
  if (!existsSync(file)) return undefined;
  const mod = (await import(file)) as Record<string, unknown>;
  for (const [name, value] of Object.entries(mod)) {
    if (name.endsWith('ConfigSchema') && value && typeof value === 'object' && 'shape' in value) {
      return value as ShapeSchema;
    }
  }
  return undefined;
}

describe('docker-compose.yml', () => {
  it('has the production topology', () => {
    expect(Object.keys(services).sort()).toEqual(
      [
        'gateway',
        'mongo',
        'nats',
        'remote-admin',
        'remote-forum',
        'remote-inbox',
        'shell',
        'svc-forum',
        'svc-identity',
        'svc-messaging',
        'svc-stream',
      ].sort(),
    );
    expect(services.mongo!.image).toMatch(/^mongo:(7|8)/);
    expect(services.nats!.image).toMatch(/^nats:/);
    expect(JSON.stringify(services.nats)).toContain('-js');
  });

  it('runs MongoDB as a replica set the services connect to as one (transactions need it)', () => {
    const mongo = services.mongo!;
    expect(JSON.stringify(mongo.command)).toContain('--replSet');
    const check = JSON.stringify(mongo.healthcheck?.test);
    expect(check, 'initiates the set on first start').toContain('rs.initiate');
    expect(check, 'healthy only as primary').toContain('isWritablePrimary');
    for (const name of ['svc-identity', 'svc-forum', 'svc-messaging']) {
      expect(envOf(services[name]!).MONGO_URL, name).toMatch(/replicaSet=/);
    }
  });

  for (const [name, service] of Object.entries(services)) {
    it(`${name}: image or build, healthcheck, restart policy`, () => {
      expect(Boolean(service.image) || Boolean(service.build), 'image or build').toBe(true);
      expect(service.healthcheck?.test, 'healthcheck').toBeDefined();
      expect(service.healthcheck?.disable).not.toBe(true);
      expect(service.restart, 'restart policy').toMatch(/^(always|unless-stopped|on-failure)/);
    });
  }

  it('builds every Dockerfile it names, from deploy/', () => {
    for (const [name, service] of Object.entries(services)) {
      if (!service.build || typeof service.build === 'string') continue;
      const dockerfile = service.build.dockerfile ?? 'Dockerfile';
      expect(dockerfile, name).toMatch(/^deploy\//);
      expect(existsSync(path.join(ROOT, service.build.context ?? '.', dockerfile)), name).toBe(
        true,
      );
    }
  });

  it('starts services only after what they depend on is healthy', () => {
    for (const name of Object.keys(NODE_SERVICES)) {
      const deps = services[name]!.depends_on;
      expect(deps && !Array.isArray(deps), name).toBe(true);
      for (const [dep, spec] of Object.entries(deps as Record<string, { condition?: string }>)) {
        expect(services[dep], `${name} depends on ${dep}`).toBeDefined();
        expect(spec.condition, `${name} -> ${dep}`).toBe('service_healthy');
      }
    }
    expect(Object.keys(services['svc-forum']!.depends_on ?? {})).toEqual(
      expect.arrayContaining(['mongo', 'nats']),
    );
  });

  for (const [name, { dir, requires }] of Object.entries(NODE_SERVICES)) {
    it(`${name}: gets the variables it requires, and only ones its config reads`, async () => {
      const env = envOf(services[name]!);
      for (const key of requires) expect(Object.keys(env), `${name} needs ${key}`).toContain(key);
      const schema = await configSchema(dir);
      if (!schema) return; // the service has no exported config schema (yet)
      for (const [key, field] of Object.entries(schema.shape)) {
        if (!field.safeParse(undefined).success) {
          expect(Object.keys(env), `${name}: ${key} has no default`).toContain(key);
        }
      }
      // NODE_OPTIONS is Node's own (V8 flags, scripts/lib/plan.ts), not the service's config.
      for (const key of Object.keys(env).filter((k) => k !== 'NODE_OPTIONS')) {
        expect(Object.keys(schema.shape), `${name} does not read ${key}`).toContain(key);
      }
    });
  }

  it('gives the database services the V8 flags the dev stack gives them, and the gateway none', () => {
    for (const name of ['svc-identity', 'svc-forum', 'svc-messaging']) {
      expect(envOf(services[name]!).NODE_OPTIONS, name).toBe(DATA_PROCESS_FLAGS.join(' '));
    }
    expect(envOf(services.gateway!).NODE_OPTIONS).toBeUndefined();
  });

  it('documents every ${VAR} it uses in .env.example', () => {
    const used = new Set(
      [...composeText.matchAll(/\$\{([A-Z0-9_]+)(?::?[-?+][^}]*)?\}/g)].map((m) => m[1]!),
    );
    expect(used.size).toBeGreaterThan(0);
    const example = readFileSync(path.join(ROOT, '.env.example'), 'utf8');
    const documented = new Set(
      example
        .split('\n')
        .map((line) => /^([A-Z0-9_]+)=/.exec(line)?.[1])
        .filter((v): v is string => Boolean(v)),
    );
    const missing = [...used].filter((v) => !documented.has(v));
    expect(missing, 'variables missing from .env.example').toEqual([]);
  });

  it('keeps data in named volumes', () => {
    expect(Object.keys(compose.volumes ?? {})).toEqual(
      expect.arrayContaining(['mongo-data', 'nats-data', 'identity-data', 'forum-media']),
    );
  });
});
