import { Types } from 'mongoose';
import { MessageTexts, type CreateConversationBody } from '@forum/contracts';
import {
  badRequest,
  inTransaction,
  isDuplicateKeyError,
  notFound,
  type AuthUser,
} from '@forum/service-kit';
import type { MessagingDeps } from '../deps.js';
import { publishMessageHints } from '../live/hints.js';
import type { MessagingModels } from '../models/index.js';
import type { ConversationDoc } from '../models/conversation.js';
import type { DirectoryUserDoc } from '@forum/service-kit';
import { findDirectoryUser } from './find-directory-user.js';
import { appendMessage } from './shared/append-message.js';
import { assertMayMessage } from './shared/assert-may-message.js';

/**
 * POST /messages/conversations: the recipient comes from the directory replica (usernames match
 * ignoring case). One conversation per (pair, subject): a new subject starts a new one, the same
 * subject again continues the existing thread. A new conversation exists only with its first
 * message: both are written in one transaction. A recipient who blocked the caller: 403. Once
 * stored, both participants' open streams hear of the message.
 */
export async function startConversation(
  deps: MessagingDeps,
  user: AuthUser,
  body: CreateConversationBody,
) {
  if (body.recipientUsername.toLowerCase() === user.username.toLowerCase()) {
    throw badRequest(MessageTexts.cannotMessageSelf);
  }
  const recipient = await findDirectoryUser(deps.models, body.recipientUsername);
  if (!recipient) throw notFound(MessageTexts.userNotFound);
  if (recipient._id.toHexString() === user.id) throw badRequest(MessageTexts.cannotMessageSelf);
  await assertMayMessage(deps.models, user.id, recipient._id);
  const open = () =>
    inTransaction(deps.conn, async (session) => {
      const conversation = await openConversation(deps.models, user, recipient, body.subject);
      return appendMessage(deps, session, conversation, user, body.content);
    });
  const started = await open().catch((err: unknown) => {
    // Two first messages at once: the unique (pair, subject) index let one insert; join it.
    if (!isDuplicateKeyError(err)) throw err;
    return open();
  });
  publishMessageHints(deps.live, started.message);
  return started;
}

async function openConversation(
  { Conversation }: MessagingModels,
  user: AuthUser,
  recipient: DirectoryUserDoc,
  subject: string,
): Promise<ConversationDoc> {
  const ids = [user.id, recipient._id.toHexString()].sort();
  const key = { pair_key: ids.join(':'), subject_key: subject.toLowerCase() };
  const now = new Date();
  // The filter is the whole shard key, as an upsert on a sharded collection requires.
  const conversation = await Conversation.findOneAndUpdate(
    key,
    {
      $setOnInsert: {
        participant_ids: ids.map((id) => new Types.ObjectId(id)),
        subject,
        usernames: {
          [user.id]: user.username,
          [ids.find((id) => id !== user.id)!]: recipient.username,
        },
        unread: { [ids[0]!]: 0, [ids[1]!]: 0 },
        last_message: '',
        last_message_at: now,
        created_at: now,
      },
    },
    { upsert: true, returnDocument: 'after' },
  ).lean<ConversationDoc>();
  return conversation!;
}
