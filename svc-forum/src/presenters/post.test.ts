import { describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { Post } from '@forum/contracts';
import { presentPost } from './post.js';
import { POST_LIST_FIELDS, type PostDoc } from '../models/post.js';
import { everyKindOfReader, projectedTo } from '../test-support/projections.js';

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

describe('a page of posts reads POST_LIST_FIELDS only', () => {
  const community = new Types.ObjectId();
  const author = new Types.ObjectId();
  const stored = (extra: Partial<PostDoc> = {}): PostDoc => ({
    _id: new Types.ObjectId(),
    title: 'A title',
    content: 'Some text',
    type: 'image',
    image_url: '/media/a.webp',
    thumbnail_url: '/media/a-thumb.webp',
    community_id: community,
    community_name: 'somewhere',
    community_nsfw: true,
    author_id: author,
    author_username: 'someone',
    score: 3,
    upvotes: 5,
    downvotes: 2,
    comment_count: 7,
    top_comment_count: 4,
    reactions: { heart: 2, laugh: 1, sad: 0, wow: 0, rocket: 3 },
    hot: 1234.5,
    search_terms: ['title', 'text'],
    removed: false,
    removal_reason: null,
    removal_modlog_id: null,
    locked: true,
    pinned: true,
    pinned_at: new Date('2026-01-03T00:00:00Z'),
    created_at: new Date('2026-01-01T00:00:00Z'),
    updated_at: new Date('2026-01-02T00:00:00Z'),
    ...extra,
  });
  /** The document as a list's query returns it (POST_LIST_FIELDS and _id). */
  const projected = (doc: PostDoc) => projectedTo(POST_LIST_FIELDS, doc);
  const readers = everyKindOfReader(author, community);

  it('presents every kind of post to every reader as the whole document does', () => {
    const docs = [
      stored(),
      stored({ removed: true, removal_reason: 'Spam', removal_modlog_id: new Types.ObjectId() }),
    ];
    for (const doc of docs) {
      const id = doc._id.toHexString();
      const state = {
        votes: new Map([[id, -1 as const]]),
        saves: new Set([id]),
        reactions: new Map([[id, 'rocket' as const]]),
      };
      for (const viewer of readers) {
        expect(presentPost(projected(doc), state, viewer)).toEqual(presentPost(doc, state, viewer));
      }
    }
  });

  it('keeps the sort keys a community page compares pinned posts by', () => {
    for (const key of ['created_at', 'score', 'hot'] as const)
      expect(POST_LIST_FIELDS[key]).toBe(1);
  });
});
