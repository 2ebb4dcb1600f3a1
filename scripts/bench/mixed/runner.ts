/**
 * Runs the mixed workload: one autocannon instance whose connections each pick the part of
 * every request at random in proportion to the weights, so the mix holds by request count
 * (slow writes do not get fewer turns). Each answer is attributed to its part through the
 * connection's request context (autocannon builds the next request only after reporting the
 * answer to the previous one).
 */
import autocannon from 'autocannon';
import { Random } from '../../seed/random.js';
import type { PartCounts } from '../mixed-report.js';
import { pickWeighted } from '../weights.js';
import { MIXED_PARTS, type MixedPart, type MixedWorld } from './parts.js';

export interface MixedRunOptions {
  gatewayUrl: string;
  /** Connections (all parts share them). */
  connections: number;
  /** Seconds. */
  duration: number;
  /** Requests/s over all connections (autocannon's overallRate); none: as fast as it goes. */
  rate?: number;
  /** Seed of the request choices. */
  seed?: number;
  parts?: MixedPart[];
}

export interface MixedRun {
  parts: PartCounts[];
  /** Seconds the measured run actually took. */
  seconds: number;
}

/** What is counted while it runs (the soak reads it between samples). */
export interface LiveCounts {
  answered: number;
  failed: number;
}

/** Each connection's request context carries the part of its request in flight. */
type PartContext = Record<string, unknown> & { part?: number };

interface ClientLike {
  on(event: 'timeout' | 'connError', listener: () => void): void;
  requestIterator: { context: PartContext };
}

export async function runMixed(
  world: MixedWorld,
  options: MixedRunOptions,
  live: LiveCounts = { answered: 0, failed: 0 },
): Promise<MixedRun> {
  const parts = options.parts ?? MIXED_PARTS;
  const weights = parts.map((p) => p.weight);
  const rnd = new Random(options.seed ?? 1);
  const counts: PartCounts[] = parts.map((part) => ({
    name: part.name,
    kind: part.kind,
    weight: part.weight,
    times: [],
    statuses: {},
    errors: 0,
  }));
  const failedOn = (context: PartContext) => {
    const c = counts[context.part ?? 0]!;
    c.errors++;
    live.failed++;
  };
  // Set by onResponse, read by the 'response' event that autocannon emits right after it.
  let answered: number | undefined;
  const started = Date.now();
  const instance = autocannon({
    url: options.gatewayUrl,
    connections: options.connections,
    duration: options.duration,
    timeout: 10,
    ...(options.rate ? { overallRate: options.rate } : {}),
    setupClient: (client) => {
      const c = client as ClientLike;
      c.on('timeout', () => failedOn(c.requestIterator.context));
      c.on('connError', () => failedOn(c.requestIterator.context));
    },
    requests: [
      {
        setupRequest: (req, context) => {
          const i = pickWeighted(weights, rnd.next());
          context.part = i;
          const next = parts[i]!.next(world, rnd);
          return {
            ...req,
            method: next.method,
            path: next.path,
            headers: next.headers ?? {},
            body: next.body ?? '',
          };
        },
        onResponse: (_status, _body, context) => {
          answered = context.part as number | undefined;
        },
      },
    ],
  });
  instance.on('response', (_client, status, _bytes, responseTime) => {
    const c = counts[answered ?? 0]!;
    answered = undefined;
    c.times.push(responseTime);
    c.statuses[status] = (c.statuses[status] ?? 0) + 1;
    live.answered++;
    if (status < 200 || status >= 300) live.failed++;
  });
  const result = await instance;
  const attributed = counts.reduce((a, c) => a + c.errors, 0);
  // Errors autocannon saw that no connection reported (should not happen): keep them visible.
  if (result.errors > attributed) counts[0]!.errors += result.errors - attributed;
  return { parts: counts, seconds: (Date.now() - started) / 1000 };
}
