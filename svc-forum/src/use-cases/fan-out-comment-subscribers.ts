import { SUBSCRIBERS_PER_EVENT, Subjects, type EventOf } from '@forum/contracts';
import { toObjectId } from '@forum/service-kit';
import type { ClientSession } from 'mongoose';
import type { ForumDeps } from '../deps.js';

type CommentCreated = EventOf<typeof Subjects.CommentCreated>;

/**
 * forum.comment.created -> forum.comment.subscribers: the post's subscribers as of the comment's
 * time (subscribed at or before its created_at), read through one cursor in pages of
 * SUBSCRIBERS_PER_EVENT and stored in the outbox as numbered slices of at most that many ids, all
 * in the handler's transaction: a crash mid fan-out leaves every slice or none, and the
 * processed-event record in the same transaction makes a redelivery store nothing. Someone who
 * unsubscribed between the comment and this run is no longer listed (a delete leaves no trace);
 * one who subscribed after it is left out. Events written before the fan-out existed carry
 * `subscriber_ids` themselves (messaging notifies those): nothing to do. Resolves to the slices.
 */
export async function fanOutCommentSubscribers(
  { models, outbox }: Pick<ForumDeps, 'models' | 'outbox'>,
  event: CommentCreated,
  session: ClientSession,
): Promise<number> {
  if (event.subscriber_ids) return 0;
  const comment = {
    comment_id: event.comment_id,
    post_id: event.post_id,
    post_title: event.post_title,
    post_author_id: event.post_author_id,
    parent_id: event.parent_id,
    parent_author_id: event.parent_author_id,
    author_id: event.author_id,
    author_username: event.author_username,
    content_preview: event.content_preview,
    created_at: event.created_at,
  };
  const subscribers = models.PostSubscription.find(
    { post_id: toObjectId(event.post_id), created_at: { $lte: new Date(event.created_at) } },
    { user_id: 1 },
  )
    .sort({ created_at: 1, _id: 1 })
    .session(session)
    .lean()
    .cursor({ batchSize: SUBSCRIBERS_PER_EVENT });
  let slice = 0;
  let ids: string[] = [];
  const store = async () => {
    await outbox.add(
      Subjects.CommentSubscribers,
      { ...comment, comment_event_id: event.id, slice, subscriber_ids: ids },
      { session },
    );
    slice++;
    ids = [];
  };
  for await (const subscription of subscribers) {
    ids.push(subscription.user_id.toHexString());
    if (ids.length === SUBSCRIBERS_PER_EVENT) await store();
  }
  if (ids.length > 0) await store();
  return slice;
}
