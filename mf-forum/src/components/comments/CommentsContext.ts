import { createContext } from 'react';
import type { CommentSort, Post } from '@forum/contracts';

/**
 * What every comment of the post page needs: the post, the list's sort, the linked comment and
 * whether the reader moderates the post's community.
 */
export interface CommentsCtx {
  post: Post;
  sort: CommentSort;
  highlight: string | null;
  canModerate: boolean;
}
export const CommentsContext = createContext<CommentsCtx | null>(null);
