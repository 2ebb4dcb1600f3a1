export interface SeedOptions {
  /** The gateway (the product's one entry point). */
  url: string;
  users: number;
  communities: number;
  posts: number;
  comments: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** PRNG seed: the same seed gives the same data (names, texts, structure). */
  seed: number;
  help: boolean;
}

export const ADMIN_USERNAME = 'admin';
/** Dev-only credentials, documented in scripts/README.md. */
export const ADMIN_PASSWORD = 'AdminPass123';
export const USER_PASSWORD = 'DemoPass123';

export const SEED_USAGE = `npm run seed -- [options]
  --url URL          the running stack's gateway (default http://localhost:8080)
  --users N          users, the admin included (default 50)
  --communities N    communities (default: users / 5, at least 4)
  --posts N          posts (default 500)
  --comments N       comments and replies (default 3000)
  --concurrency N    requests in flight (default 16)
  --seed N           random seed; the same seed gives the same data (default 1)

Start the stack first with a raised auth budget (registration and login are rate limited per IP):
  AUTH_RATE_LIMIT=100000 npm start
Users: admin / ${ADMIN_PASSWORD}; everyone else <username> / ${USER_PASSWORD}.`;

export function parseSeedArgs(argv: string[]): SeedOptions {
  const options: SeedOptions = {
    url: 'http://localhost:8080',
    users: 50,
    communities: 0,
    posts: 500,
    comments: 3000,
    concurrency: 16,
    seed: 1,
    help: false,
  };
  const count = (flag: string, raw: string | undefined, min = 0) => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min) {
      throw new Error(`${flag} needs a whole number of at least ${min}, got "${raw}"`);
    }
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case '--url':
        options.url = (value() ?? '').replace(/\/$/, '');
        if (!/^https?:\/\//.test(options.url)) throw new Error('--url needs an http(s) URL');
        break;
      case '--users':
        options.users = count(flag, value(), 2);
        break;
      case '--communities':
        options.communities = count(flag, value(), 1);
        break;
      case '--posts':
        options.posts = count(flag, value());
        break;
      case '--comments':
        options.comments = count(flag, value());
        break;
      case '--concurrency':
        options.concurrency = count(flag, value(), 1);
        break;
      case '--seed':
        options.seed = count(flag, value());
        break;
      case '--help':
      case '-h':
        options.help = true;
        break;
      default:
        throw new Error(`unknown option ${flag}\n${SEED_USAGE}`);
    }
  }
  if (!options.communities) options.communities = Math.max(4, Math.round(options.users / 5));
  return options;
}
