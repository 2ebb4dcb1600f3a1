import { describe, expect, it } from 'vitest';
import { MIXED_PARTS } from './mixed/parts.js';
import { fractions, pickWeighted } from './weights.js';

describe('pickWeighted', () => {
  it('maps [0, 1) onto the parts in proportion to their weights', () => {
    const weights = [3, 1]; // [0, 0.75) -> 0, [0.75, 1) -> 1
    expect(pickWeighted(weights, 0)).toBe(0);
    expect(pickWeighted(weights, 0.74)).toBe(0);
    expect(pickWeighted(weights, 0.75)).toBe(1);
    expect(pickWeighted(weights, 0.999999)).toBe(1);
  });

  it('draws each part about as often as its weight says', () => {
    const weights = MIXED_PARTS.map((p) => p.weight);
    const counts = new Array<number>(weights.length).fill(0);
    const n = 100_000;
    for (let i = 0; i < n; i++) counts[pickWeighted(weights, (i + 0.5) / n)]!++;
    fractions(weights).forEach((f, i) => expect(counts[i]! / n).toBeCloseTo(f, 3));
  });
});

describe('the mixed workload', () => {
  it('is mostly reads, with weights adding up to 100 and unique names', () => {
    const sum = (kind: string) =>
      MIXED_PARTS.filter((p) => p.kind === kind).reduce((a, p) => a + p.weight, 0);
    expect(sum('read') + sum('write')).toBe(100);
    expect(sum('read')).toBeGreaterThanOrEqual(85);
    expect(sum('read')).toBeLessThanOrEqual(90);
    expect(new Set(MIXED_PARTS.map((p) => p.name)).size).toBe(MIXED_PARTS.length);
  });

  it('spreads writes over many users and posts', async () => {
    const { Random } = await import('../seed/random.js');
    const session = (i: number) => ({
      id: `u${i}`,
      username: `user${i}`,
      token: `t${i}`,
      refreshToken: '',
    });
    const users = Array.from({ length: 50 }, (_, i) => session(i));
    const world = {
      users,
      communities: Array.from({ length: 10 }, (_, i) => ({ id: `c${i}`, name: `c${i}` })),
      posts: Array.from({ length: 500 }, (_, i) => ({ id: `p${i}` })),
      replyable: Array.from({ length: 100 }, (_, i) => ({ id: `k${i}`, postId: `p${i}` })),
      conversations: users.slice(0, 20).map((user, i) => ({ user, ids: [`m${i}`] })),
    };
    const vote = MIXED_PARTS.find((p) => p.name === 'post-vote')!;
    const rnd = new Random(7);
    const requests = Array.from({ length: 1000 }, () => vote.next(world, rnd));
    expect(new Set(requests.map((r) => r.path)).size).toBeGreaterThan(100);
    expect(new Set(requests.map((r) => r.headers?.authorization)).size).toBe(50);
    const comment = MIXED_PARTS.find((p) => p.name === 'comment-create')!;
    const bodies = Array.from(
      { length: 200 },
      () => JSON.parse(comment.next(world, rnd).body!) as { parent_id?: string },
    );
    expect(bodies.some((b) => b.parent_id)).toBe(true);
    expect(bodies.some((b) => !b.parent_id)).toBe(true);
  });
});
