import { describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { Post } from '@forum/contracts';
import { presentPost } from './post.js';
import type { PostDoc } from '../models/post.js';

describe('presentPost', () => {
  it('maps a lean document to the contract Post', () => {
    const doc: PostDoc = {
      _id: new Types.ObjectId(),
      title: 'T',
      content: 'C',
      type: 'link',
      image_url: null,
      community_id: new Types.ObjectId(),
      community_name: 'general',
      author_id: new Types.ObjectId(),
      author_username: 'alice',
      score: 2,
      upvotes: 3,
      downvotes: 1,
      comment_count: 5,
      hot: 123.4,
      created_at: new Date('2026-01-01T00:00:00Z'),
      updated_at: new Date('2026-01-02T00:00:00Z'),
    };
    const post = presentPost(doc);
    expect(Post.parse(post)).toEqual(post);
    expect(post).toMatchObject({
      id: doc._id.toHexString(),
      created_at: '2026-01-01T00:00:00.000Z',
    });
    // Storage-only fields stay inside the service.
    expect(post).not.toHaveProperty('hot');
    expect(post).not.toHaveProperty('updated_at');
  });
});
