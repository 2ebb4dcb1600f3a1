import { z } from '../zod.js';
import { Id, Timestamp } from '../http/common.js';
import { defineEvent } from './envelope.js';

/**
 * A comment or reply. Carries what messaging needs to notify without reading forum's data:
 * the post's author (reply_to_post), the parent's author (reply_to_comment) and the post's
 * subscribers at the time (post_comment).
 */
export const CommentCreatedEvent = defineEvent({
  comment_id: Id,
  post_id: Id,
  post_title: z.string(),
  post_author_id: Id,
  community_id: Id,
  parent_id: Id.nullable(),
  parent_author_id: Id.nullable(),
  author_id: Id,
  author_username: z.string(),
  /** The comment text, cut for notification previews. */
  content_preview: z.string(),
  subscriber_ids: z.array(Id),
  created_at: Timestamp,
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
