import type { EventOf, Subjects } from '@forum/contracts';
import type { MessagingModels } from '../models/index.js';
import type { NotificationDoc } from '../models/notification.js';
import { NotificationText } from '../domain/notification-texts.js';
import { coalesceNotification } from './shared/coalesce-notification.js';

type PostVoted = EventOf<typeof Subjects.PostVoted>;
type CommentVoted = EventOf<typeof Subjects.CommentVoted>;

/** Only a vote that becomes up (from none or down) notifies; never one's own vote. */
const isNewUpvote = (e: PostVoted | CommentVoted, authorId: string) =>
  e.vote_type === 1 && e.previous_vote_type !== 1 && e.voter_id !== authorId;

/** forum.post.voted -> post_vote, coalesced per post while unread; returns what it stored. */
export async function notifyPostVoted(
  models: MessagingModels,
  event: PostVoted,
): Promise<NotificationDoc[]> {
  if (!isNewUpvote(event, event.post_author_id)) return [];
  const doc = await coalesceNotification(
    models,
    { eventId: event.id, actorId: event.voter_id, at: new Date(event.occurred_at) },
    {
      user_id: event.post_author_id,
      type: 'post_vote',
      item_id: event.post_id,
      title: NotificationText.postVoteTitle,
      content: NotificationText.postVoteContent(event.post_title),
      related_id: event.post_id,
      post_id: event.post_id,
    },
  );
  return doc ? [doc] : [];
}

/** forum.comment.voted -> comment_vote, coalesced per comment while unread; returns what it stored. */
export async function notifyCommentVoted(
  models: MessagingModels,
  event: CommentVoted,
): Promise<NotificationDoc[]> {
  if (!isNewUpvote(event, event.comment_author_id)) return [];
  const doc = await coalesceNotification(
    models,
    { eventId: event.id, actorId: event.voter_id, at: new Date(event.occurred_at) },
    {
      user_id: event.comment_author_id,
      type: 'comment_vote',
      item_id: event.comment_id,
      title: NotificationText.commentVoteTitle,
      content: NotificationText.commentVoteContent(event.post_title),
      related_id: event.comment_id,
      post_id: event.post_id,
    },
  );
  return doc ? [doc] : [];
}
