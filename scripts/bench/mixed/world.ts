/**
 * The mixed workload's data: the demo seeder's phases (scripts/seed/, the same code as
 * `npm run seed`) run against the bench's stack, then what the workload needs from them.
 */
import { Api } from '../../seed/client.js';
import { parseSeedArgs } from '../../seed/options.js';
import { runPool, Progress } from '../../seed/progress.js';
import { seedAll } from '../../seed/seed-all.js';
import type { SeedSize } from '../options.js';
import type { MixedWorld } from './parts.js';

/** MAX_DEPTH of the seeder (spec §9): a comment at depth 3 takes no reply. */
const MAX_DEPTH = 3;

export async function seedMixedWorld(gatewayUrl: string, size: SeedSize): Promise<MixedWorld> {
  const options = parseSeedArgs([
    '--url',
    gatewayUrl,
    '--users',
    String(size.users),
    '--posts',
    String(size.posts),
    '--comments',
    String(size.comments),
  ]);
  const world = await seedAll(new Api(options.url), options);

  // The seeder keeps no conversation ids: ask for each user's own, as the inbox does.
  const listing = new Progress('inboxes', world.users.length);
  const inboxes = await runPool(world.users, options.concurrency, listing, async (user) => {
    const page = await world.api.as(user, 'GET', '/messages/conversations?page=1&limit=50');
    const ids = ((page.conversations ?? []) as { id: string }[]).map((c) => c.id);
    return { user, ids };
  });
  listing.finish();
  const conversations = inboxes.filter((c) => c !== undefined && c.ids.length > 0) as {
    user: (typeof world.users)[0];
    ids: string[];
  }[];
  if (world.posts.length === 0 || world.communities.length === 0 || conversations.length === 0) {
    throw new Error(
      `the demo seed left too little to run the mixed workload: ${world.posts.length} posts, ` +
        `${world.communities.length} communities, ${conversations.length} inboxes`,
    );
  }
  return {
    users: world.users,
    communities: world.communities.map((c) => ({ id: c.id, name: c.name })),
    posts: world.posts.map((p) => ({ id: p.id })),
    replyable: world.comments
      .filter((c) => c.depth < MAX_DEPTH)
      .map((c) => ({ id: c.id, postId: c.post.id })),
    conversations,
  };
}
