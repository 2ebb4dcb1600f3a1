import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import {
  communityCounts,
  homeTotal,
  negated,
  seesRemovedIn,
  shownOf,
  siteDelta,
} from './post-counts.js';

const site = { posts: 100, removed: 10, nsfw_posts: 30, nsfw_removed: 4 };

describe('post counters', () => {
  it('a community counted, or not yet (no removed counter)', () => {
    expect(communityCounts({ post_count: 5, removed_post_count: 2 })).toEqual({
      posts: 5,
      removed: 2,
    });
    expect(communityCounts({ post_count: 5 })).toBeNull();
  });

  it('removed posts are shown to the admin and the community’s moderators only', () => {
    const c = new Types.ObjectId();
    expect(seesRemovedIn('all', c)).toBe(true);
    expect(seesRemovedIn([new Types.ObjectId(c.toHexString())], c)).toBe(true);
    expect(seesRemovedIn([new Types.ObjectId()], c)).toBe(false);
    expect(shownOf({ posts: 5, removed: 2 }, true)).toBe(5);
    expect(shownOf({ posts: 5, removed: 2 }, false)).toBe(3);
  });

  it('a community’s change moves the NSFW share of the site only for an NSFW community', () => {
    expect(siteDelta({ posts: 1, removed: 0 }, false)).toEqual({
      posts: 1,
      removed: 0,
      nsfw_posts: 0,
      nsfw_removed: 0,
    });
    expect(siteDelta(negated({ posts: 3, removed: 1 }), true)).toEqual({
      posts: -3,
      removed: -1,
      nsfw_posts: -3,
      nsfw_removed: -1,
    });
  });

  it('the home total for a visitor, a member, a moderator and the admin', () => {
    const reader = { visitor: false, seesAllRemoved: false, moderatedRemoved: 0 };
    expect(homeTotal(site, { ...reader, visitor: true })).toBe(100 - 30 - (10 - 4));
    expect(homeTotal(site, reader)).toBe(90);
    expect(homeTotal(site, { ...reader, moderatedRemoved: 3 })).toBe(93);
    expect(homeTotal(site, { ...reader, seesAllRemoved: true })).toBe(100);
  });
});
