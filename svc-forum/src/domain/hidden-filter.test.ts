import { describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import {
  excluding,
  isVisible,
  visibleComments,
  visiblePosts,
  withoutAuthors,
} from './hidden-filter.js';

const [a, b, c] = [new Types.ObjectId(), new Types.ObjectId(), new Types.ObjectId()];

describe('excluding (reads leave deletes in progress out)', () => {
  it('changes nothing when nothing is being deleted', () => {
    const filter = { author_id: a };
    expect(excluding(filter, 'community_id', [])).toBe(filter);
  });
  it('adds $nin when the filter does not name the field', () => {
    expect(excluding({ author_id: a }, 'community_id', [b])).toEqual({
      author_id: a,
      community_id: { $nin: [b] },
    });
  });
  it('takes hidden ids out of an $in, and matches nothing when none is left', () => {
    expect(excluding({ community_id: { $in: [a, b] } }, 'community_id', [b])).toEqual({
      community_id: { $in: [a] },
    });
    expect(excluding({ community_id: { $in: [b] } }, 'community_id', [b])).toBeNull();
  });
  it('matches nothing when the filter asks for a hidden id, and keeps it otherwise', () => {
    expect(excluding({ community_id: b }, 'community_id', [b])).toBeNull();
    const filter = { community_id: a };
    expect(excluding(filter, 'community_id', [b])).toBe(filter);
  });
  it('posts hide by id and by community; comments by post and by community', () => {
    const hidden = { posts: [a], communities: [b] };
    expect(visiblePosts({}, hidden)).toEqual({ _id: { $nin: [a] }, community_id: { $nin: [b] } });
    expect(visibleComments({ author_id: c }, hidden)).toEqual({
      author_id: c,
      post_id: { $nin: [a] },
      community_id: { $nin: [b] },
    });
    expect(visiblePosts({ community_id: b }, hidden)).toBeNull();
  });
  it('isVisible checks a loaded post or comment', () => {
    const hidden = { posts: [a], communities: [b] };
    expect(isVisible({ _id: a, community_id: c }, hidden)).toBe(false);
    expect(isVisible({ _id: c, community_id: b }, hidden)).toBe(false);
    expect(isVisible({ _id: c, post_id: a, community_id: c }, hidden)).toBe(false);
    expect(isVisible({ _id: c, post_id: c, community_id: c }, hidden)).toBe(true);
  });
});

describe('withoutAuthors (EXTENSIONS §B1: a blocker reads no post by the authors blocked)', () => {
  it('a residual $nin on a list not narrowed to an author; unchanged with no blocks', () => {
    const filter = { community_id: a, removed: false };
    expect(withoutAuthors(filter, [b, c])).toEqual({ ...filter, author_id: { $nin: [b, c] } });
    expect(withoutAuthors(filter, [])).toBe(filter);
  });
  it("a blocked author's profile matches nothing; another author's is unchanged", () => {
    expect(withoutAuthors({ author_id: b, removed: false }, [b])).toBeNull();
    const filter = { author_id: a, removed: false };
    expect(withoutAuthors(filter, [b])).toBe(filter);
    expect(withoutAuthors(null, [b])).toBeNull();
  });
});
