import { commentText } from './content.js';
import { Progress, runPool } from './progress.js';
import type { SeedWorld, SeededComment, SeededPost } from './world.js';

/** Spec §9: replies only while the parent's depth is below 3. */
const MAX_DEPTH = 3;

/**
 * Threads up to depth 3, in four waves (top-level comments, then replies to the previous
 * wave's comments, ...) so every parent exists before its replies and each wave runs in
 * parallel. Popular posts get more comments.
 */
export async function seedComments(world: SeedWorld): Promise<void> {
  const { api, options, rnd, users } = world;
  if (world.posts.length === 0 || options.comments === 0) return;
  const shares = [0.4, 0.3, 0.2, 0.1];
  const progress = new Progress('comments', options.comments);
  let previous: SeededComment[] = [];
  let remaining = options.comments;
  for (let depth = 0; depth <= MAX_DEPTH && remaining > 0; depth++) {
    const count = depth === MAX_DEPTH ? remaining : Math.round(options.comments * shares[depth]!);
    remaining -= count;
    const plans: { post: SeededPost; parent?: SeededComment }[] = [];
    for (let i = 0; i < count; i++) {
      if (depth === 0 || previous.length === 0)
        plans.push({ post: rnd.pickSkewed(world.posts, 2) });
      else {
        const parent = rnd.pickSkewed(previous, 1.5);
        plans.push({ post: parent.post, parent });
      }
    }
    const created = await runPool(plans, options.concurrency, progress, async (plan) => {
      const author = rnd.pick(users);
      const json = await api.as(author, 'POST', '/comments', {
        body: {
          content: commentText(rnd),
          post_id: plan.post.id,
          ...(plan.parent ? { parent_id: plan.parent.id } : {}),
        },
      });
      const c = json.comment as { id: string; depth: number };
      const comment: SeededComment = { id: c.id, post: plan.post, depth: c.depth };
      return comment;
    });
    previous = created.filter((c) => c !== undefined);
    world.comments.push(...previous);
  }
  progress.finish();
}
