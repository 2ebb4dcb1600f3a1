import type { Api } from './client.js';
import { seedComments } from './comments.js';
import { seedEngagement } from './engagement.js';
import { seedCommunities, seedPosts } from './forum.js';
import { seedConversations } from './messages.js';
import type { SeedOptions } from './options.js';
import { Random } from './random.js';
import { seedUsers } from './users.js';
import type { SeedWorld } from './world.js';

/** Every phase of the demo data, in order (`npm run seed` and the bench's mixed workload). */
export async function seedAll(api: Api, options: SeedOptions): Promise<SeedWorld> {
  const world: SeedWorld = {
    api,
    options,
    rnd: new Random(options.seed),
    users: [],
    communities: [],
    posts: [],
    comments: [],
  };
  await seedUsers(world);
  await seedCommunities(world);
  await seedPosts(world);
  await seedComments(world);
  await seedEngagement(world);
  await seedConversations(world);
  return world;
}
