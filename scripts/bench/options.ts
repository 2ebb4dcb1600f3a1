import type { ScaleSize } from './scale/judge.js';

export interface SeedSize {
  users: number;
  posts: number;
  comments: number;
}

/**
 * Demo-data sizes for the mixed workload. `medium` seeds in about 1-2 minutes on a 2-core
 * machine; `large` is `npm run seed`'s default (about 3 minutes).
 */
export const SEED_SIZES: Record<string, SeedSize> = {
  small: { users: 20, posts: 200, comments: 1000 },
  medium: { users: 35, posts: 350, comments: 1800 },
  large: { users: 50, posts: 500, comments: 3000 },
};
export const DEFAULT_SEED_SIZE = 'medium';

/** The scenario name of the mixed workload (for --only). */
export const MIXED = 'mixed';

/** The search bench on its own data (for --only; not part of the default run). */
export const SEARCH = 'search';
export const STREAM = 'stream';

/** The gateway side by side with nginx (for --only; not part of the default run). */
export const GATEWAY = 'gateway';

/** `--scale`: posts in the community at each size; the thread post gets a tenth as comments. */
export const DEFAULT_SCALE_POSTS = [1000, 10_000, 100_000];
export const DEFAULT_SCALE_CONNECTIONS = 10;
/** Seconds per endpoint and size (9 endpoints x 3 sizes: the whole run under ~10 minutes). */
export const DEFAULT_SCALE_DURATION = 8;
/** Rounds the seconds of each endpoint and size are split into, sizes in turns. */
export const SCALE_ROUNDS = 2;
/** The smallest size: 100 posts (so the deep pages have somewhere to go) and 10 comments. */
const MIN_SCALE_POSTS = 100;

export interface BenchOptions {
  /** Concurrent connections per scenario; for the mixed workload, shared by all its parts. */
  connections?: number;
  /** Seconds per scenario (and of the mixed workload). */
  duration: number;
  only?: string[];
  /** Posts seeded before scenarios that need them. */
  posts: number;
  /** Demo data seeded (through scripts/seed/) before the mixed workload. */
  seedSize: SeedSize;
  /** Minutes of mixed workload in soak mode. */
  soak?: number;
  /** Requests/s over all parts of the mixed workload; none: as fast as the stack answers. */
  rate?: number;
  /** Seconds of unmeasured mixed load before the measured run. */
  warmup: number;
  /** Seconds between memory samples (default 1, 10 in soak mode). */
  sampleInterval?: number;
  /** Soak: MB/min any process may grow over the second half before the run fails. */
  maxGrowth: number;
  /** Soak: extra growth allowed to the in-memory dev DB, kB per successful write. */
  kbPerWrite: number;
  /** Run against a stack that is already up (gateway URL) instead of starting one. */
  url?: string;
  /** With --url: where svc-forum answers directly. */
  forumUrl?: string;
  /** Write the results as JSON to this file too. */
  json?: string;
  /** `--scale`: the sizes, smallest first (the others are compared with it). */
  scale?: ScaleSize[];
  help: boolean;
}

export const DEFAULT_CONNECTIONS = 20;
export const DEFAULT_MIXED_CONNECTIONS = 32;
export const DEFAULT_SOAK_MINUTES = 10;

export const USAGE = `npm run bench -- [options]
  --connections N     concurrent connections per scenario (default ${DEFAULT_CONNECTIONS}); for
                      "${MIXED}", shared by its parts (default ${DEFAULT_MIXED_CONNECTIONS}): each request
                      picks its part at random by weight
  --duration S        seconds per scenario (default 10)
  --only a,b          run only these scenarios ("${MIXED}": the mixed workload; "${GATEWAY}": the
                      gateway vs nginx (one worker, same upstream) on /api/health and a
                      20-post list, only when named; nginx from /usr/sbin/nginx or NGINX_BIN;
                      "${SEARCH}": the search calls on 10,000 posts and 50,000 comments of their
                      own, at 10 connections, only when named and alone; "${STREAM}": 5,000
                      streams at one svc-stream and the write-to-event delay over 1,000 gateway
                      streams, alone)
  --posts N           posts to seed first for the single scenarios (default 500)
  --seed-size SIZE    demo data for "${MIXED}": small, medium or large, or USERS,POSTS,COMMENTS
                      (default ${DEFAULT_SEED_SIZE} = ${Object.values(SEED_SIZES[DEFAULT_SEED_SIZE]!).join(',')})
  --rate N            "${MIXED}": N requests/s over all parts (default: as fast
                      as the stack answers)
  --warmup S          "${MIXED}": seconds of unmeasured load first (default 5)
  --soak [MIN]        soak mode: "${MIXED}" for MIN minutes (default ${DEFAULT_SOAK_MINUTES}), memory sampled
                      every 10 s; fails on errors, non-2xx answers or memory growth
  --max-growth MB     soak: MB/min a process may grow over the second half (default 2); a
                      faster slope fails only when clear of the noise (slope - 2 SE > 0)
  --kb-per-write KB   soak: extra growth allowed to the in-memory dev DB per write (default 6)
  --sample-interval S seconds between memory samples (default 1; 10 in soak mode)
  --url URL           use a running stack at URL instead of starting one (no memory table)
  --forum-url URL     with --url: svc-forum's own address (default http://127.0.0.1:4002)
  --scale [P1,P2,..]  only the scale bench: per size (default ${DEFAULT_SCALE_POSTS.join(',')} posts, a
                      tenth as comments on one post) a fresh embedded db filled directly, then
                      community pages, home, feed and comments at ${DEFAULT_SCALE_CONNECTIONS} connections, every
                      size side by side (${DEFAULT_SCALE_DURATION} s each by default in ${SCALE_ROUNDS} rounds); ratios to the
                      first size, misses of the target flagged
  --json FILE         also write the results as JSON
  --list              list the scenarios`;

/** small | medium | large | USERS,POSTS,COMMENTS */
export function parseSeedSize(raw: string | undefined): SeedSize {
  const preset = SEED_SIZES[raw ?? ''];
  if (preset) return { ...preset };
  const parts = (raw ?? '').split(',').map(Number);
  if (parts.length === 3 && parts.every((n) => Number.isInteger(n) && n >= 0)) {
    const [users, posts, comments] = parts as [number, number, number];
    if (users >= 2 && posts >= 1) return { users, posts, comments };
  }
  throw new Error(
    `--seed-size takes ${Object.keys(SEED_SIZES).join(', ')} or USERS,POSTS,COMMENTS ` +
      `(at least 2 users and 1 post), got "${raw}"`,
  );
}

/** "1000,10000,100000": ascending post counts of at least ${MIN_SCALE_POSTS}, a tenth as comments. */
export function parseScaleSizes(raw: string): ScaleSize[] {
  const posts = raw.split(',').map((p) => Number(p.trim()));
  const ascending = posts.every((n, i) => i === 0 || n > posts[i - 1]!);
  if (!posts.every((n) => Number.isInteger(n) && n >= MIN_SCALE_POSTS) || !ascending) {
    throw new Error(
      `--scale takes ascending post counts of at least ${MIN_SCALE_POSTS} (e.g. ` +
        `${DEFAULT_SCALE_POSTS.join(',')}), got "${raw}"`,
    );
  }
  return posts.map((n) => ({ posts: n, comments: Math.floor(n / 10) }));
}

export function parseBenchArgs(argv: string[]): BenchOptions {
  const options: BenchOptions = {
    duration: 10,
    posts: 500,
    seedSize: { ...SEED_SIZES[DEFAULT_SEED_SIZE]! },
    warmup: 5,
    maxGrowth: 2,
    kbPerWrite: 6,
    help: false,
  };
  const num = (flag: string, raw: string | undefined) => {
    const n = Number(raw);
    if (raw === undefined || raw === '' || !Number.isFinite(n) || n < 0) {
      throw new Error(`${flag} needs a number, got "${raw}"`);
    }
    return n;
  };
  let durationGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case '--connections':
      case '-c':
        options.connections = num(flag, value());
        break;
      case '--duration':
      case '-d':
        options.duration = num(flag, value());
        durationGiven = true;
        break;
      case '--only':
        options.only = (value() ?? '').split(',').filter(Boolean);
        break;
      case '--posts':
        options.posts = num(flag, value());
        break;
      case '--seed-size':
        options.seedSize = parseSeedSize(value());
        break;
      case '--rate':
        options.rate = num(flag, value());
        break;
      case '--warmup':
        options.warmup = num(flag, value());
        break;
      case '--soak': {
        // The minutes are optional: `--soak`, `--soak 30`, `--soak=30`.
        const next = inline ?? argv[i + 1];
        if (next !== undefined && /^\d+(\.\d+)?$/.test(next)) {
          if (inline === undefined) i++;
          options.soak = num(flag, next);
        } else if (inline !== undefined) {
          throw new Error(`--soak needs a number of minutes, got "${inline}"`);
        } else {
          options.soak = DEFAULT_SOAK_MINUTES;
        }
        if (!(options.soak > 0)) throw new Error('--soak needs more than 0 minutes');
        break;
      }
      case '--max-growth':
        options.maxGrowth = num(flag, value());
        break;
      case '--kb-per-write':
        options.kbPerWrite = num(flag, value());
        break;
      case '--sample-interval':
        options.sampleInterval = num(flag, value());
        if (!(options.sampleInterval > 0)) throw new Error('--sample-interval must be above 0');
        break;
      case '--url':
        options.url = value();
        break;
      case '--forum-url':
        options.forumUrl = value();
        break;
      case '--json':
        options.json = value();
        break;
      case '--scale': {
        // The sizes are optional: `--scale`, `--scale 1000,10000`, `--scale=1000,10000`.
        const next = inline ?? argv[i + 1];
        if (next !== undefined && !next.startsWith('-')) {
          if (inline === undefined) i++;
          options.scale = parseScaleSizes(next);
        } else {
          options.scale = parseScaleSizes(DEFAULT_SCALE_POSTS.join(','));
        }
        break;
      }
      case '--help':
      case '-h':
      case '--list':
        options.help = true;
        break;
      default:
        throw new Error(`unknown option ${flag}\n${USAGE}`);
    }
  }
  if (options.scale) {
    const clash = [
      options.url && '--url',
      options.soak !== undefined && '--soak',
      options.only && '--only',
    ].filter(Boolean);
    if (clash.length) {
      throw new Error(
        `--scale starts stacks of its own and runs alone: not with ${clash.join(', ')}`,
      );
    }
    if (!durationGiven) options.duration = DEFAULT_SCALE_DURATION;
  }
  return options;
}
