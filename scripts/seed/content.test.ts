import { describe, expect, it } from 'vitest';
import { Random } from './random.js';
import { COMMUNITY_TOPICS, commentText, community, postTitle, username } from './content.js';

describe('seed content', () => {
  it('is reproducible for a seed', () => {
    const a = new Random(7);
    const b = new Random(7);
    expect([username(1, a), postTitle(a, 'books'), commentText(a)]).toEqual([
      username(1, b),
      postTitle(b, 'books'),
      commentText(b),
    ]);
  });

  it('makes valid usernames and community names', () => {
    const rnd = new Random(1);
    for (let i = 0; i < 200; i++) {
      expect(username(i, rnd)).toMatch(/^[A-Za-z0-9]{3,50}$/);
      expect(community(i).name).toMatch(/^[A-Za-z0-9_]{3,50}$/);
    }
    expect(new Set(Array.from({ length: 100 }, (_, i) => community(i).name)).size).toBe(100);
    expect(COMMUNITY_TOPICS.some((t) => t.nsfw)).toBe(true);
  });

  it('keeps titles within 300 characters', () => {
    const rnd = new Random(3);
    for (let i = 0; i < 100; i++) expect(postTitle(rnd, 'x').length).toBeLessThanOrEqual(300);
  });
});
