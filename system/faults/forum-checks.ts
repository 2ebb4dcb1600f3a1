import { expect } from '@playwright/test';
import type { Db, Document } from 'mongodb';
import { expectExactlyOnce } from './paired-writes-checks.js';

/**
 * For forum-paired-writes-kill.spec.ts: svc-forum's both-or-neither checks, run on the
 * databases after the burst. Every counter equals the rows it counts, nothing hangs off a
 * missing parent, and every stored comment and vote reached messaging and identity exactly once.
 */

const hex = (id: unknown) => String(id);

/** Adds `n` to `key` of `map`. */
function bump(map: Map<string, number>, key: string, n = 1) {
  map.set(key, (map.get(key) ?? 0) + n);
}

/** Up, down and score of a target from its vote rows. */
function tallyVotes(votes: Document[], target: string) {
  const out = new Map<string, { up: number; down: number }>();
  for (const v of votes) {
    const t = out.get(hex(v[target])) ?? { up: 0, down: 0 };
    if (v.vote_type === 1) t.up++;
    else t.down++;
    out.set(hex(v[target]), t);
  }
  return (id: string) => {
    const t = out.get(id) ?? { up: 0, down: 0 };
    return { upvotes: t.up, downvotes: t.down, score: t.up - t.down };
  };
}

export interface ForumRows {
  posts: Document[];
  comments: Document[];
  subscriptions: Document[];
}

/**
 * forum: member_count, post_count, comment_count, reply_count, reactions and the vote counters
 * of posts and comments equal their rows; no membership, post, comment, vote, reaction or
 * subscription without its parent; no delete left unfinished. Returns the rows for the
 * downstream checks.
 */
export async function checkForumCounters(db: Db): Promise<ForumRows> {
  const all = (name: string) => db.collection(name).find({}).toArray();
  const [
    communities,
    memberships,
    posts,
    postVotes,
    reactions,
    comments,
    commentVotes,
    subscriptions,
    deletions,
  ] = await Promise.all(
    [
      'communities',
      'memberships',
      'posts',
      'post_votes',
      'post_reactions',
      'comments',
      'comment_votes',
      'post_subscriptions',
      'deletions',
    ].map(all),
  );
  const problems: string[] = [];
  const ids = (rows: Document[]) => new Set(rows.map((r) => hex(r._id)));
  const [communityIds, postIds, commentIds] = [ids(communities!), ids(posts!), ids(comments!)];
  const orphans = (what: string, rows: Document[], field: string, parents: Set<string>) => {
    for (const r of rows) {
      if (!parents.has(hex(r[field]))) problems.push(`${what} ${hex(r._id)} without its ${field}`);
    }
  };
  orphans('membership', memberships!, 'community_id', communityIds);
  orphans('post', posts!, 'community_id', communityIds);
  orphans('post vote', postVotes!, 'post_id', postIds);
  orphans('reaction', reactions!, 'post_id', postIds);
  orphans('subscription', subscriptions!, 'post_id', postIds);
  orphans('comment', comments!, 'post_id', postIds);
  orphans('comment vote', commentVotes!, 'comment_id', commentIds);

  const members = new Map<string, number>();
  for (const m of memberships!) bump(members, hex(m.community_id));
  const postsIn = new Map<string, number>();
  for (const p of posts!) bump(postsIn, hex(p.community_id));
  for (const c of communities!) {
    const id = hex(c._id);
    if (c.member_count !== (members.get(id) ?? 0)) {
      problems.push(`community ${id}: member_count ${c.member_count}, ${members.get(id)} members`);
    }
    if (c.post_count !== (postsIn.get(id) ?? 0)) {
      problems.push(`community ${id}: post_count ${c.post_count}, ${postsIn.get(id)} posts`);
    }
  }

  const live = new Map<string, number>();
  const replies = new Map<string, number>();
  for (const c of comments!) {
    if (!c.is_deleted) bump(live, hex(c.post_id));
    if (c.parent_id) bump(replies, hex(c.parent_id));
  }
  const reacted = new Map<string, number>();
  for (const r of reactions!) bump(reacted, `${hex(r.post_id)}:${r.reaction_type}`);
  /** The document's counters against what its rows say. */
  const counters = (what: string, doc: Document, want: Record<string, number>) => {
    const have = Object.fromEntries(Object.keys(want).map((k) => [k, doc[k]]));
    if (JSON.stringify(have) !== JSON.stringify(want)) {
      problems.push(
        `${what} ${hex(doc._id)}: ${JSON.stringify(have)}, rows say ${JSON.stringify(want)}`,
      );
    }
  };
  const postCounts = tallyVotes(postVotes!, 'post_id');
  for (const p of posts!) {
    const id = hex(p._id);
    counters('post', p, { ...postCounts(id), comment_count: live.get(id) ?? 0 });
    for (const [kind, n] of Object.entries((p.reactions ?? {}) as Record<string, number>)) {
      if (n !== (reacted.get(`${id}:${kind}`) ?? 0)) {
        problems.push(`post ${id}: ${kind} ${n}, ${reacted.get(`${id}:${kind}`)} reactions`);
      }
    }
  }
  const commentCounts = tallyVotes(commentVotes!, 'comment_id');
  for (const c of comments!) {
    const id = hex(c._id);
    counters('comment', c, { ...commentCounts(id), reply_count: replies.get(id) ?? 0 });
  }
  if (deletions!.length > 0) problems.push(`${deletions!.length} deletes left unfinished`);
  expect(problems, 'forum: every counter equals its rows, nothing without its parent').toEqual([]);
  return { posts: posts!, comments: comments!, subscriptions: subscriptions! };
}

/**
 * messaging: each stored comment told the post's author (reply_to_post) or the parent's author
 * (reply_to_comment), and each of the post's subscribers as of the comment's time (post_comment),
 * exactly once, nobody twice and never the commenter; no comment notification without its
 * comment. Skipped: comments by authors the rule tells nobody.
 */
export async function checkCommentNotifications(db: Db, rows: ForumRows): Promise<number> {
  const byId = new Map(rows.comments.map((c) => [hex(c._id), c]));
  const postAuthor = new Map(rows.posts.map((p) => [hex(p._id), hex(p.author_id)]));
  const expected: string[] = [];
  for (const c of rows.comments) {
    const id = hex(c._id);
    const told = new Set([hex(c.author_id)]);
    const tell = (user: string, type: string) => {
      if (told.has(user)) return;
      told.add(user);
      expected.push(`${user}|${type}|${id}`);
    };
    const parent = c.parent_id ? byId.get(hex(c.parent_id)) : undefined;
    if (parent?.author_id) tell(hex(parent.author_id), 'reply_to_comment');
    else if (!c.parent_id) tell(postAuthor.get(hex(c.post_id))!, 'reply_to_post');
    for (const s of rows.subscriptions) {
      if (hex(s.post_id) === hex(c.post_id) && s.created_at <= c.created_at) {
        tell(hex(s.user_id), 'post_comment');
      }
    }
  }
  const notes = await db
    .collection('notifications')
    .find({ type: { $in: ['reply_to_post', 'reply_to_comment', 'post_comment'] } })
    .toArray();
  expectExactlyOnce(
    notes.map((n) => `${hex(n.user_id)}|${n.type}|${n.related_id}`),
    expected,
    'comment notifications: exactly the stored comments, once each',
  );
  return expected.length;
}

/**
 * identity: each user's total_score equals the scores of their posts and comments (every vote of
 * this stack moved it by its forum.*.voted event, exactly once). Users with no content: 0.
 */
export async function checkPoints(db: Db, rows: ForumRows): Promise<void> {
  const earned = new Map<string, number>();
  for (const p of rows.posts) bump(earned, hex(p.author_id), p.score as number);
  for (const c of rows.comments) if (c.author_id) bump(earned, hex(c.author_id), c.score as number);
  const users = await db.collection('users').find({}).toArray();
  const problems = users
    .filter((u) => (u.total_score ?? 0) !== (earned.get(hex(u._id)) ?? 0))
    .map(
      (u) => `${u.username}: total_score ${u.total_score}, content score ${earned.get(hex(u._id))}`,
    );
  expect(problems, 'identity: points moved exactly once per stored vote').toEqual([]);
}
