/**
 * `npm run seed`: fills the LOCAL product with demo data through the gateway's public API
 * (http://localhost:8080 by default, --url to change), so passwords are hashed, events flow
 * (directories, notifications, points) and every rule applies. See scripts/README.md.
 */
import { Api } from './seed/client.js';
import { SEED_USAGE, parseSeedArgs } from './seed/options.js';
import { FatalSeedError } from './seed/progress.js';
import { seedAll } from './seed/seed-all.js';

async function main(): Promise<void> {
  const options = parseSeedArgs(process.argv.slice(2));
  if (options.help) {
    console.log(SEED_USAGE);
    return;
  }
  const api = new Api(options.url);
  try {
    await api.raw('GET', '/health');
  } catch (error) {
    throw new FatalSeedError(
      `The stack does not answer at ${options.url} (${String(error)}).\n` +
        'Start it first: AUTH_RATE_LIMIT=100000 npm start',
    );
  }
  const started = Date.now();
  console.log(
    `Seeding ${options.url}: ${options.users} users, ${options.communities} communities, ` +
      `${options.posts} posts, ${options.comments} comments (seed ${options.seed})`,
  );
  const world = await seedAll(api, options);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `\nDone in ${seconds} s: ${world.users.length} users, ${world.communities.length} communities, ` +
      `${world.posts.length} posts, ${world.comments.length} comments.\n` +
      `Open ${options.url} and sign in as admin / AdminPass123 (others: <username> / DemoPass123).`,
  );
}

main().catch((error: unknown) => {
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
