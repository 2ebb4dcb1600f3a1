import type { Connection } from 'mongoose';
import { STATS_COLLECTIONS } from '../models/index.js';

export interface ForumTotals {
  communities: number;
  posts: number;
  comments: number;
}

/** Totals for the admin dashboard; a collection that does not exist yet counts 0. */
export async function getForumStats(conn: Connection): Promise<ForumTotals> {
  const count = (name: string) => conn.collection(name).countDocuments({});
  const [communities, posts, comments] = await Promise.all([
    count(STATS_COLLECTIONS.communities),
    count(STATS_COLLECTIONS.posts),
    count(STATS_COLLECTIONS.comments),
  ]);
  return { communities, posts, comments };
}
