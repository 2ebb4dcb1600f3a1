import type { ForumStats } from '@forum/contracts';
import type { ForumTotals } from '../use-cases/get-forum-stats.js';

export const presentForumStats = ({ communities, posts, comments }: ForumTotals): ForumStats => ({
  total_communities: communities,
  total_posts: posts,
  total_comments: comments,
});
