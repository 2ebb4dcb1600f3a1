import { describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { parseSearch } from '@forum/search-text';
import { SEARCH_COMMENT_FIELDS, type CommentDoc } from '../models/comment.js';
import { everyKindOfReader, projectedTo } from '../test-support/projections.js';
import { storedComment } from '../test-support/stored-comment.js';
import { presentCommentSearch } from './search.js';

const community = new Types.ObjectId();
const author = new Types.ObjectId();
const post = new Types.ObjectId();

const stored = (extra: Partial<CommentDoc> = {}) =>
  storedComment(author, community, {
    content: 'The guitar in the garden',
    post_id: post,
    parent_id: null,
    depth: 0,
    search_terms: ['guitar', 'garden'],
    ...extra,
  });

describe('a page of found comments reads SEARCH_COMMENT_FIELDS only', () => {
  const docs = [
    stored(),
    stored({ removed: true, removal_reason: 'Spam', removal_modlog_id: new Types.ObjectId() }),
  ];
  const page = (comments: CommentDoc[], viewer: ReturnType<typeof everyKindOfReader>[number]) => ({
    comments,
    total: comments.length,
    hasMore: false,
    state: {
      votes: new Map([[docs[0]!._id.toHexString(), 1 as const]]),
      saves: new Set([docs[1]!._id.toHexString()]),
      blockedAuthors: new Set([author.toHexString()]),
    },
    viewer,
    postTitles: new Map([[post.toHexString(), 'A post']]),
    parsed: parseSearch('guitar'),
  });

  it('presents every kind of comment to every reader as the whole document does', () => {
    for (const viewer of everyKindOfReader(author, community)) {
      const projected = docs.map((doc) => projectedTo(SEARCH_COMMENT_FIELDS, doc));
      const whole = presentCommentSearch(page(docs, viewer));
      expect(presentCommentSearch(page(projected, viewer))).toEqual(whole);
      expect(whole.comments[0]).toMatchObject({
        community_name: 'somewhere',
        post_title: 'A post',
      });
    }
  });
});
