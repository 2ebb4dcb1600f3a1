import type { Connection } from 'mongoose';
import type { ForumStats } from '@forum/contracts';
import { STATS_COLLECTIONS } from '../models/index.js';

/** Totals for the admin dashboard; a collection that does not exist yet counts 0. */
export async function getForumStats(conn: Connection): Promise<ForumStats> {
  const count = (name: string) => conn.collection(name).countDocuments({});
  const [total_communities, total_posts, total_comments] = await Promise.all([
    count(STATS_COLLECTIONS.communities),
    count(STATS_COLLECTIONS.posts),
    count(STATS_COLLECTIONS.comments),
  ]);
  return { total_communities, total_posts, total_comments };
}
