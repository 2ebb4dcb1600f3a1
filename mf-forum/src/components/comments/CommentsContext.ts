import { createContext } from 'react';
import type { Post } from '@forum/contracts';

/** What every comment of the post page needs: the post, the list's sort and the linked comment. */
export interface CommentsCtx {
  post: Post;
  sort: string;
  highlight: string | null;
}
export const CommentsContext = createContext<CommentsCtx | null>(null);
