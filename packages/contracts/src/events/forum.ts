import { z } from '../zod.js';
import { Id, Timestamp } from '../http/common.js';
import { defineEvent } from './envelope.js';

/** What a notification about a new comment needs to say (its author, post and preview). */
const newComment = {
  comment_id: Id,
  post_id: Id,
  post_title: z.string(),
  post_author_id: Id,
  parent_id: Id.nullable(),
  parent_author_id: Id.nullable(),
  author_id: Id,
  author_username: z.string(),
  /** The comment text, cut for notification previews. */
  content_preview: z.string(),
  created_at: Timestamp,
};

/**
 * A comment or reply. Carries what messaging needs to notify without reading forum's data: the
 * post's author (reply_to_post) and the parent's author (reply_to_comment). The post's
 * subscribers follow in forum.comment.subscribers events, a bounded list each.
 */
export const CommentCreatedEvent = defineEvent({
  ...newComment,
  community_id: Id,
  /**
   * Deprecated within version 1: events written before the subscriber fan-out carry the whole
   * list here; producers no longer send it. Consumers notify these ids as before.
   */
  subscriber_ids: z.array(Id).optional(),
});

/** The most subscriber ids one forum.comment.subscribers event carries (keeps events small). */
export const SUBSCRIBERS_PER_EVENT = 1000;

/**
 * One slice of a post's subscribers at the time a comment was made (post_comment notifications).
 * A comment's slices share comment_event_id (the forum.comment.created event's id) and are
 * numbered from 0; messaging skips the comment's author and whoever the comment event already
 * notified (the post's or the parent's author).
 */
export const CommentSubscribersEvent = defineEvent({
  ...newComment,
  comment_event_id: z.uuid(),
  slice: z.number().int().min(0),
  subscriber_ids: z.array(Id).max(SUBSCRIBERS_PER_EVENT),
});

/** A vote's new state: 1 up, -1 down, 0 removed. */
export const VoteValue = z.union([z.literal(1), z.literal(-1), z.literal(0)]);

const voteFields = {
  voter_id: Id,
  voter_username: z.string(),
  vote_type: VoteValue,
  previous_vote_type: VoteValue,
  /** Change to the content author's total_score (−2..2); identity applies it. */
  score_delta: z.number().int().min(-2).max(2),
};

export const PostVotedEvent = defineEvent({
  post_id: Id,
  post_title: z.string(),
  post_author_id: Id,
  community_id: Id,
  ...voteFields,
});

export const CommentVotedEvent = defineEvent({
  comment_id: Id,
  post_id: Id,
  comment_author_id: Id,
  /** Added within version 1 (optional): lets the comment_vote notification name the post. */
  post_title: z.string().optional(),
  ...voteFields,
});

/** The most users one post or comment notifies of a mention (EXTENSIONS §F3). */
export const MENTIONS_PER_ITEM = 10;

/** What a mention was made in: a post (its content) or a comment. */
export const MENTION_ITEM_TYPES = ['post', 'comment'] as const;

/**
 * A new post or comment that mentions users (`u/name` in its content, as @forum/rich-text's
 * findMentions finds them: not in code, not in links), published with the item, only on creation
 * (an edit never notifies). `usernames` are the first MENTIONS_PER_ITEM distinct names as written,
 * the author's own left out; messaging resolves them through its directory replica (unknown,
 * deactivated and deleted users are nobody to notify).
 */
export const MentionRecordedEvent = defineEvent({
  item_type: z.enum(MENTION_ITEM_TYPES),
  /** The post's id for a post, the comment's for a comment. */
  item_id: Id,
  post_id: Id,
  post_title: z.string(),
  community_id: Id,
  community_name: z.string(),
  author_id: Id,
  author_username: z.string(),
  usernames: z.array(z.string().min(1).max(50)).min(1).max(MENTIONS_PER_ITEM),
  /** The item's text as plain text, cut for notification previews. */
  content_preview: z.string(),
  created_at: Timestamp,
});
