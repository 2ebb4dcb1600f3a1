import { describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { THREAD_COMMENT_FIELDS, type CommentDoc } from '../models/comment.js';
import { presentComment, presentThread } from './comment.js';
import { everyKindOfReader, projectedTo } from '../test-support/projections.js';

const community = new Types.ObjectId();
const author = new Types.ObjectId();

const stored = (extra: Partial<CommentDoc> = {}): CommentDoc => ({
  _id: new Types.ObjectId(),
  content: 'Some text',
  post_id: new Types.ObjectId(),
  parent_id: new Types.ObjectId(),
  container_id: new Types.ObjectId(),
  root_id: new Types.ObjectId(),
  depth: 2,
  author_id: author,
  author_username: 'someone',
  community_id: community,
  community_name: 'somewhere',
  community_nsfw: true,
  score: 3,
  upvotes: 5,
  downvotes: 2,
  best: 0.4,
  reply_count: 1,
  is_deleted: false,
  created_at: new Date('2026-01-01T00:00:00Z'),
  updated_at: new Date('2026-01-02T00:00:00Z'),
  removed: false,
  removal_reason: null,
  removal_modlog_id: null,
  ...extra,
});

/** The document as a thread page's query returns it (THREAD_COMMENT_FIELDS and _id). */
const projected = (doc: CommentDoc) => projectedTo(THREAD_COMMENT_FIELDS, doc);

const readers = everyKindOfReader(author, community);

describe('a page of threads reads THREAD_COMMENT_FIELDS only', () => {
  const docs = [
    stored(),
    stored({ parent_id: null, depth: 0 }),
    stored({ is_deleted: true, author_id: null, author_username: null, content: '[deleted]' }),
    stored({ removed: true, removal_reason: 'Spam', removal_modlog_id: new Types.ObjectId() }),
  ];
  it('presents every kind of comment to every reader as the whole document does', () => {
    for (const doc of docs) {
      const state = {
        votes: new Map([[doc._id.toHexString(), 1 as const]]),
        saves: new Set<string>(),
        // The author blocked: the flag reads author_id, which the thread's fields include.
        blockedAuthors: new Set([author.toHexString()]),
      };
      for (const viewer of readers) {
        expect(presentComment(projected(doc), state, undefined, viewer)).toEqual(
          presentComment(doc, state, undefined, viewer),
        );
        expect(presentThread({ ...projected(doc), replies: [] }, state, viewer)).toEqual(
          presentThread({ ...doc, replies: [] }, state, viewer),
        );
      }
    }
  });
});

describe('a comment whose author the caller blocked (EXTENSIONS §B1)', () => {
  const state = (blocked: Types.ObjectId[]) => ({
    votes: new Map<string, 1 | -1>(),
    saves: new Set<string>(),
    blockedAuthors: new Set(blocked.map((id) => id.toHexString())),
  });
  const reader = readers[2]!;

  it('says so, its text still sent; any other comment has no field', () => {
    const flagged = presentComment(stored(), state([author]), undefined, reader);
    expect(flagged).toMatchObject({ author_blocked: true, content: 'Some text' });
    expect(
      presentComment(stored(), state([new Types.ObjectId()]), undefined, reader),
    ).not.toHaveProperty('author_blocked');
    expect(presentComment(stored())).not.toHaveProperty('author_blocked');
  });

  it('a placeholder (deleted, removed for this reader) names no author, so no flag', () => {
    const deleted = stored({ is_deleted: true });
    const removed = stored({ removed: true, removal_reason: 'Spam' });
    const plain = readers[0]!;
    expect(presentComment(deleted, state([author]), undefined, reader)).not.toHaveProperty(
      'author_blocked',
    );
    expect(presentComment(removed, state([author]), undefined, plain)).not.toHaveProperty(
      'author_blocked',
    );
  });
});
