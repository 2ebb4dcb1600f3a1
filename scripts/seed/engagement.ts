import { Progress, runPool } from './progress.js';
import type { Session } from './client.js';
import type { SeedWorld } from './world.js';

const REACTIONS = ['heart', 'laugh', 'sad', 'wow', 'rocket'] as const;

/** One request as one user; the plans are drawn up front so the bars know their totals. */
interface Action {
  user: Session;
  method: string;
  path: string;
  body?: unknown;
}

async function run(world: SeedWorld, label: string, actions: Action[]): Promise<void> {
  const progress = new Progress(label, actions.length);
  await runPool(actions, world.options.concurrency, progress, (a) =>
    world.api.as(a.user, a.method, a.path, a.body === undefined ? {} : { body: a.body }),
  );
  progress.finish();
}

/**
 * Votes (mostly up, popular content more), reactions, saves and subscriptions. Each (user,
 * target) pair is used once: a second identical vote would undo the first (spec §4).
 */
export async function seedEngagement(world: SeedWorld): Promise<void> {
  const { rnd, users, posts, comments } = world;
  const pairs = new Set<string>();
  const once = (user: Session, target: string, kind: string) => {
    const key = `${kind}:${user.id}:${target}`;
    if (pairs.has(key)) return false;
    pairs.add(key);
    return true;
  };
  const vote = () => (rnd.chance(0.8) ? 1 : -1);
  const draw = (n: number, make: () => Action | undefined) =>
    Array.from({ length: n }, make).filter((a): a is Action => a !== undefined);

  if (posts.length) {
    await run(
      world,
      'post votes',
      draw(posts.length * 4, () => {
        const user = rnd.pick(users);
        const post = rnd.pickSkewed(posts, 2);
        if (!once(user, post.id, 'pv')) return undefined;
        return {
          user,
          method: 'POST',
          path: `/posts/${post.id}/vote`,
          body: { vote_type: vote() },
        };
      }),
    );
    await run(
      world,
      'reactions',
      draw(Math.round(posts.length * 1.5), () => {
        const user = rnd.pick(users);
        const post = rnd.pickSkewed(posts, 2);
        if (!once(user, post.id, 'pr')) return undefined;
        const body = { reaction_type: rnd.pick(REACTIONS) };
        return { user, method: 'POST', path: `/posts/${post.id}/reactions`, body };
      }),
    );
    await run(
      world,
      'post saves',
      draw(Math.round(posts.length / 2), () => {
        const user = rnd.pick(users);
        const post = rnd.pickSkewed(posts, 2);
        if (!once(user, post.id, 'ps')) return undefined;
        return { user, method: 'POST', path: `/posts/${post.id}/save` };
      }),
    );
    await run(
      world,
      'subscriptions',
      draw(Math.round(posts.length / 4), () => {
        const user = rnd.pick(users);
        const post = rnd.pickSkewed(posts, 2);
        if (!once(user, post.id, 'sub')) return undefined;
        return { user, method: 'POST', path: `/post-subscriptions/${post.id}` };
      }),
    );
  }
  if (comments.length) {
    await run(
      world,
      'comment votes',
      draw(comments.length, () => {
        const user = rnd.pick(users);
        const comment = rnd.pickSkewed(comments, 1.5);
        if (!once(user, comment.id, 'cv')) return undefined;
        const body = { vote_type: vote() };
        return { user, method: 'POST', path: `/comments/${comment.id}/vote`, body };
      }),
    );
    await run(
      world,
      'comment saves',
      draw(Math.round(comments.length / 10), () => {
        const user = rnd.pick(users);
        const comment = rnd.pick(comments);
        if (!once(user, comment.id, 'cs')) return undefined;
        return { user, method: 'POST', path: `/comments/${comment.id}/save` };
      }),
    );
  }
}
