export interface BenchOptions {
  connections: number;
  /** Seconds per scenario. */
  duration: number;
  only?: string[];
  /** Posts seeded before scenarios that need them. */
  posts: number;
  /** Run against a stack that is already up (gateway URL) instead of starting one. */
  url?: string;
  /** With --url: where svc-forum answers directly. */
  forumUrl?: string;
  /** Write the results as JSON to this file too. */
  json?: string;
  help: boolean;
}

export const USAGE = `npm run bench -- [options]
  --connections N   concurrent connections per scenario (default 20)
  --duration S      seconds per scenario (default 10)
  --only a,b        run only these scenarios
  --posts N         posts to seed first (default 500)
  --url URL         use a running stack at URL instead of starting one
  --forum-url URL   with --url: svc-forum's own address (default http://127.0.0.1:4002)
  --json FILE       also write the results as JSON
  --list            list the scenarios`;

export function parseBenchArgs(argv: string[]): BenchOptions {
  const options: BenchOptions = { connections: 20, duration: 10, posts: 500, help: false };
  const num = (flag: string, raw: string | undefined) => {
    const n = Number(raw);
    if (!Number.isFinite(n) || n < 0) throw new Error(`${flag} needs a number, got "${raw}"`);
    return n;
  };
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
        break;
      case '--only':
        options.only = (value() ?? '').split(',').filter(Boolean);
        break;
      case '--posts':
        options.posts = num(flag, value());
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
      case '--help':
      case '-h':
      case '--list':
        options.help = true;
        break;
      default:
        throw new Error(`unknown option ${flag}\n${USAGE}`);
    }
  }
  return options;
}
