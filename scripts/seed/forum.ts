import { ApiError, imageForm } from './client.js';
import { community as communityAt, linkUrl, paragraph, postBody, postTitle } from './content.js';
import { makeImage } from './images.js';
import { Progress, runPool } from './progress.js';
import { Random } from './random.js';
import type { SeedWorld, SeededCommunity, SeededPost } from './world.js';

/** Communities (some NSFW, most with a logo) and their members; a rerun reuses them by name. */
export async function seedCommunities(world: SeedWorld): Promise<void> {
  const { api, options, rnd, users } = world;
  const specs = Array.from({ length: options.communities }, (_, i) => communityAt(i));
  const progress = new Progress('communities', specs.length);
  const created = await runPool(specs, options.concurrency, progress, async (spec) => {
    const creator = rnd.pick(users);
    let json: Record<string, unknown>;
    try {
      json = await api.as(creator, 'POST', '/communities', {
        body: {
          name: spec.name,
          description: spec.description,
          rules: 'Be kind. Stay on topic. No spam or self-promotion.',
          is_nsfw: spec.nsfw,
        },
      });
      if (rnd.chance(0.8)) {
        const logo = await makeImage(rnd, { width: 256, height: 256, format: 'png' });
        const id = (json.community as { id: string }).id;
        await api.as(creator, 'POST', `/communities/${id}/logo`, {
          form: () => imageForm('avatar', logo, 'logo.png'),
        });
      }
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 409) throw error;
      json = await api.raw('GET', `/communities/name/${spec.name}`);
    }
    const c = json.community as { id: string; name: string; is_nsfw: boolean };
    const community: SeededCommunity = { id: c.id, name: c.name, nsfw: c.is_nsfw, members: [] };
    return community;
  });
  progress.finish();
  world.communities = created.filter((c) => c !== undefined);

  // Everyone joins a few communities (the creator is a member already; joining is idempotent).
  const joins = users.flatMap((user) =>
    rnd
      .sample(world.communities, rnd.int(2, Math.min(8, world.communities.length)))
      .map((community) => ({ user, community })),
  );
  const joining = new Progress('memberships', joins.length);
  await runPool(joins, options.concurrency, joining, async ({ user, community }) => {
    await api.as(user, 'POST', `/communities/${community.id}/join`);
    community.members.push(user);
  });
  joining.finish();
}

/** Posts of all three kinds by members: text, link and image (generated with sharp). */
export async function seedPosts(world: SeedWorld): Promise<void> {
  const { api, options, rnd } = world;
  const withMembers = world.communities.filter((c) => c.members.length > 0);
  if (withMembers.length === 0) return;
  const plans = Array.from({ length: options.posts }, () => {
    const community = rnd.pickSkewed(withMembers, 1.5);
    const roll = rnd.next();
    return {
      community,
      author: rnd.pick(community.members),
      type: roll < 0.6 ? 'text' : roll < 0.8 ? 'link' : 'image',
      title: postTitle(rnd, community.name),
      content: '',
      seed: rnd.int(1, 1e9),
    };
  });
  for (const plan of plans) {
    plan.content =
      plan.type === 'text'
        ? postBody(rnd)
        : plan.type === 'link'
          ? linkUrl(rnd, plan.community.name)
          : rnd.chance(0.5)
            ? paragraph(rnd, 1)
            : '';
  }
  const progress = new Progress('posts', plans.length);
  const posts = await runPool(plans, options.concurrency, progress, async (plan) => {
    const fields = {
      title: plan.title,
      content: plan.content,
      type: plan.type,
      community_id: plan.community.id,
    };
    let json: Record<string, unknown>;
    if (plan.type === 'image') {
      // Its own PRNG: the picture does not depend on which request finished first.
      const image = await makeImage(new Random(plan.seed));
      json = await api.as(plan.author, 'POST', '/posts', {
        form: () => imageForm('image', image, 'photo.jpg', fields),
      });
    } else {
      json = await api.as(plan.author, 'POST', '/posts', { body: fields });
    }
    const post: SeededPost = { id: (json.post as { id: string }).id, community: plan.community };
    return post;
  });
  progress.finish();
  world.posts = posts.filter((p) => p !== undefined);
}
