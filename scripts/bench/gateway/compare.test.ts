import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ScenarioResult } from '../report.js';
import {
  combineRounds,
  cpuMicrosPerRequest,
  formatProxyTable,
  formatRoundSpread,
  roundOrder,
  roundRatios,
  formatVerdict,
  renderNginxConfig,
  throughputRatio,
  type NginxConfigVars,
  type ProxyPair,
} from './compare.js';

const template = readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'nginx.conf.template'),
  'utf8',
);

const vars: NginxConfigVars = {
  dir: '/tmp/forum-bench-nginx-x',
  port: 41234,
  upstream: '127.0.0.1:4002',
  bodyLimitBytes: 1024 * 1024,
  timeoutMs: 10_000,
  securityHeaders: [
    ['content-security-policy', "default-src 'self'; frame-ancestors 'none'"],
    ['x-frame-options', 'DENY'],
  ],
};

describe('renderNginxConfig', () => {
  it('fills every field of the template: one worker, keep-alive upstream, limits, headers', () => {
    const config = renderNginxConfig(template, vars);
    expect(config).not.toMatch(/\{\{|\}\}/);
    expect(config).toContain('worker_processes 1;');
    expect(config).toContain('daemon off;');
    expect(config).toContain('master_process off;');
    expect(config).toContain('pid /tmp/forum-bench-nginx-x/nginx.pid;');
    expect(config).toContain('proxy_temp_path /tmp/forum-bench-nginx-x/proxy;');
    expect(config).toContain('listen 127.0.0.1:41234;');
    expect(config).toMatch(/upstream service \{\s+server 127\.0\.0\.1:4002;\s+keepalive 128;/);
    expect(config).toContain('proxy_set_header Connection "";');
    expect(config).toContain('client_max_body_size 1024k;');
    expect(config).toContain('proxy_read_timeout 10000ms;');
    expect(config).toContain('access_log off;');
    expect(config).toContain(
      `add_header content-security-policy "default-src 'self'; frame-ancestors 'none'" always;`,
    );
    expect(config).toContain('proxy_hide_header x-frame-options;');
    expect(config).toContain('add_header x-frame-options "DENY" always;');
    expect(config).toContain('proxy_hide_header X-Request-Id;');
  });

  it('refuses unknown fields and values nginx would misread', () => {
    expect(() => renderNginxConfig('{{NOPE}}', vars)).toThrow('unknown field {{NOPE}}');
    expect(() =>
      renderNginxConfig(template, { ...vars, securityHeaders: [['x-a', 'say "hi"']] }),
    ).toThrow('cannot put header x-a');
    expect(() =>
      renderNginxConfig(template, { ...vars, securityHeaders: [['x-a', '$remote_addr']] }),
    ).toThrow('cannot put header x-a');
    expect(() => renderNginxConfig(template, { ...vars, dir: '/tmp/a b' })).toThrow(
      'unsafe nginx directory',
    );
  });
});

const result = (name: string, rps: number, p50 = 1, p99 = 5): ScenarioResult => ({
  name,
  requestsPerSecond: rps,
  p50,
  p95: p99,
  p99,
  errors: 0,
  non2xx: 0,
  total: rps * 10,
});

describe('the side-by-side report', () => {
  const pairs: ProxyPair[] = [
    {
      call: 'GET /api/health',
      gateway: result('g', 8500, 2.1, 6.25),
      nginx: result('n', 10000, 1.5, 4),
      cpuMicros: { gateway: 98.4, nginx: 25.2 },
    },
    { call: 'GET /api/posts?limit=20', gateway: result('g', 600), nginx: result('n', 800) },
  ];

  it('computes CPU µs per request from clock ticks', () => {
    expect(cpuMicrosPerRequest(500, 50_000)).toBe(100);
    expect(cpuMicrosPerRequest(Number.NaN, 50_000)).toBeUndefined();
    expect(cpuMicrosPerRequest(5, 0)).toBeUndefined();
  });

  it('computes gateway ÷ nginx throughput', () => {
    expect(throughputRatio(pairs[0]!)).toBeCloseTo(0.85);
    expect(throughputRatio({ call: 'x', gateway: result('g', 1) })).toBeUndefined();
  });

  it('prints req/s, p50, p99 and the ratio side by side', () => {
    const table = formatProxyTable(pairs).split('\n');
    expect(table[0]).toMatch(/^\| call +\| gateway req\/s \| nginx req\/s \| gateway\/nginx \|/);
    expect(table[2]).toMatch(
      /^\| GET \/api\/health +\| +8500 \| +10000 \| +0\.85x \| +2\.10 \| +1\.50 \| +6\.25 \| +4\.00 \| +98 \| +25 \| +0 \| +0 \|$/,
    );
    expect(table[3]).toContain('0.75x');
    expect(table[3]).toMatch(/\| +- \| +- \| +0 \| +0 \|$/);
    expect(new Set(table.map((line) => line.length)).size).toBe(1);
  });

  it('says which calls reach the target', () => {
    expect(formatVerdict(pairs, 0.8)).toBe(
      'gateway/nginx throughput, target 0.80x: GET /api/health 0.85x (ok); ' +
        'GET /api/posts?limit=20 0.75x (below)',
    );
  });

  it('prints gateway figures only when nginx is missing, and says so', () => {
    const alone = [{ call: 'GET /api/health', gateway: result('g', 4000) }];
    expect(formatProxyTable(alone).split('\n')[0]).not.toContain('nginx');
    expect(formatVerdict(alone, 0.8)).toBe('nginx not installed: gateway figures only');
  });
});

describe('rounds', () => {
  it('alternates which proxy goes first', () => {
    expect([0, 1, 2].map(roundOrder)).toEqual([
      ['gateway', 'nginx'],
      ['nginx', 'gateway'],
      ['gateway', 'nginx'],
    ]);
  });

  it('combines rounds: mean req/s, percentiles over every response, summed counts', () => {
    const a = { ...result('a', 100), errors: 1, total: 300 };
    const b = { ...result('b', 300), non2xx: 2, total: 900 };
    const times = [...Array.from({ length: 98 }, () => 1), 50, 100];
    const combined = combineRounds('gateway x', [a, b], times);
    expect(combined).toEqual({
      name: 'gateway x',
      requestsPerSecond: 200,
      p50: 1,
      p95: 1,
      p99: 50,
      errors: 1,
      non2xx: 2,
      total: 1200,
    });
  });

  it('pairs the rounds of the two proxies and prints how far single rounds swing', () => {
    const ratios = roundRatios(
      [result('g1', 50), result('g2', 120), result('g3', 90), result('g4', 110)],
      [result('n1', 100), result('n2', 80), result('n3', 0), result('n4', 100)],
    );
    // A round nginx has no figure for (0 req/s) is left out rather than counted as infinite.
    expect(ratios).toEqual([0.5, 1.5, 1.1]);
    const pairs: ProxyPair[] = [
      { call: 'GET /api/posts?limit=20', gateway: result('g', 93), nginx: result('n', 93) },
      {
        call: 'GET /api/health',
        gateway: result('g', 900),
        nginx: result('n', 1000),
        roundRatios: ratios,
      },
    ];
    expect(formatRoundSpread(pairs)).toEqual([
      'GET /api/health: gateway/nginx per round 0.50x-1.50x, median 1.10x (3 rounds)',
    ]);
  });
});
