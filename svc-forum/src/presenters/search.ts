import type { CommentSearchResponse, PostSearchResponse } from '@forum/contracts';
import { highlightRanges } from '@forum/search-text';
import type { PostSearchPage } from '../use-cases/search-posts.js';
import type { CommentSearchPage } from '../use-cases/search-comments.js';
import { presentComment } from './comment.js';
import { presentPagination } from './pagination.js';
import { presentPost } from './post.js';

/**
 * Each post as the lists present it, with the ranges q matched in what is presented (a removed
 * post's masked title marks nothing): offsets, never markup, so the reader renders them safely.
 */
export const presentPostSearch = (page: PostSearchPage): PostSearchResponse => ({
  posts: page.posts.map((doc) => {
    const post = presentPost(doc, page.state, page.viewer);
    return {
      ...post,
      highlights: {
        title: highlightRanges(post.title, page.parsed),
        content: highlightRanges(post.content, page.parsed),
      },
    };
  }),
  pagination: presentPagination(page),
});

/** Each comment with its post's title and community name, and the ranges q matched in it. */
export const presentCommentSearch = (page: CommentSearchPage): CommentSearchResponse => ({
  comments: page.comments.map((doc) => {
    const postTitle = page.postTitles.get(doc.post_id.toHexString()) ?? '';
    const comment = presentComment(doc, page.state, { postTitle }, page.viewer);
    return {
      ...comment,
      highlights: { content: highlightRanges(comment.content, page.parsed) },
    };
  }),
  pagination: presentPagination(page),
});
