import { Subjects, type MENTION_ITEM_TYPES } from '@forum/contracts';
import type { AuthUser } from '@forum/service-kit';
import type { ClientSession, Types } from 'mongoose';
import type { ForumDeps } from '../../deps.js';
import type { PostDoc } from '../../models/post.js';
import { mentionedUsernames } from '../../domain/mentioned-usernames.js';
import { notificationPreview } from '../../domain/notification-preview.js';

/** The new post or comment whose content may mention users. */
export interface MentioningItem {
  type: (typeof MENTION_ITEM_TYPES)[number];
  id: Types.ObjectId;
  content: string;
  created_at: Date;
}

/**
 * forum.mention.recorded for a new item that mentions users (EXTENSIONS §F3), in the item's own
 * transaction so the notification goes out exactly when the item exists. Creation only: edits
 * never call this, so nobody is told twice about one item. No lookup here: messaging resolves
 * the names through its directory replica.
 */
export async function recordMentions(
  outbox: ForumDeps['outbox'],
  session: ClientSession,
  item: MentioningItem,
  post: Pick<PostDoc, '_id' | 'title' | 'community_id' | 'community_name'>,
  author: AuthUser,
): Promise<void> {
  const usernames = mentionedUsernames(item.content, author.username);
  if (usernames.length === 0) return;
  await outbox.add(
    Subjects.MentionRecorded,
    {
      item_type: item.type,
      item_id: item.id.toHexString(),
      post_id: post._id.toHexString(),
      post_title: post.title,
      community_id: post.community_id.toHexString(),
      community_name: post.community_name,
      author_id: author.id,
      author_username: author.username,
      usernames,
      content_preview: notificationPreview(item.content),
      created_at: item.created_at.toISOString(),
    },
    { session },
  );
}
