import type { SeedResult } from '../lib/seed.js';

/** What a scenario can reach: the stack under test and the data seeded for it. */
export interface BenchContext {
  gatewayUrl: string;
  serviceUrl(name: 'identity' | 'forum' | 'messaging'): string;
  /** Posts seeded before the run (see --posts). */
  seed?: SeedResult;
}

export interface BenchRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Scenario {
  /** Unique, kebab-case; used by --only. */
  name: string;
  description: string;
  /** Builds the request once the stack is up. */
  request(ctx: BenchContext): BenchRequest;
  /** Whether the scenario needs the seeded posts. */
  needsSeed?: boolean;
  /** Data of its own, created once before the run (e.g. a post with 1,000 comments). */
  prepare?(ctx: BenchContext): Promise<void>;
}

/** Printed after the table: how much slower `subject` is than `baseline`. */
export interface Comparison {
  label: string;
  baseline: string;
  subject: string;
}

export interface ScenarioModule {
  scenarios: Scenario[];
  comparisons?: Comparison[];
}
