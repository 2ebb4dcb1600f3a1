import { describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { THREAD_COMMENT_FIELDS, type CommentDoc } from '../models/comment.js';
import { presentComment, presentThread } from './comment.js';
import { everyKindOfReader, projectedTo } from '../test-support/projections.js';
import { storedComment } from '../test-support/stored-comment.js';

const community = new Types.ObjectId();
const author = new Types.ObjectId();

const stored = (extra: Partial<CommentDoc> = {}) => storedComment(author, community, extra);

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
