import { z } from '../zod.js';
import { Id, Timestamp } from './common.js';
import { plainText } from './post-text.js';

/** Texts users see (spec §5 'New message', §8 'Messaging'). */
export const MessageTexts = {
  allFieldsRequired: 'All fields are required',
  contentRequired: 'Message content is required',
  subjectTooLong: 'Subject must be at most 200 characters',
  contentTooLong: 'Message must be at most 10,000 characters',
  userNotFound: 'User not found',
  cannotMessageSelf: 'You cannot send a message to yourself',
  conversationNotFound: 'Conversation not found',
  onlyRecipientCanMarkRead: 'Only the recipient can mark a message as read',
  /** Reporting (EXTENSIONS §M5): also the answer to anyone but the recipient. */
  messageNotFound: 'Message not found',
  /** A removed message reads '[removed]' to both participants: nothing left to report. */
  messageAlreadyRemoved: 'This message was already removed',
} as const;

export const MESSAGE_SUBJECT_MAX = 200;
export const MESSAGE_CONTENT_MAX = 10_000;
/** Spec §9 page sizes: conversations 20, messages 50. */
export const CONVERSATIONS_PAGE_SIZE = 20;
export const MESSAGES_PAGE_SIZE = 50;

/** 1-based page number; the inbox pages with page/limit (spec §7). */
export const pageParam = z.coerce
  .number()
  .int('page must be an integer')
  .min(1, 'page must be at least 1')
  .default(1);
export const pageLimitParam = (defaultLimit: number, max = 100) =>
  z.coerce
    .number()
    .int('limit must be an integer')
    .min(1, 'limit must be at least 1')
    .max(max, `limit must be at most ${max}`)
    .default(defaultLimit);

const required = (max: number, tooLong: string, blank: string = MessageTexts.allFieldsRequired) =>
  plainText(blank, z.string().min(1, blank).max(max, tooLong));

/** POST /api/messages/conversations. Values are trimmed; the recipient may be typed as u/name. */
export const CreateConversationBody = z.object({
  recipientUsername: plainText(
    MessageTexts.allFieldsRequired,
    z
      .string()
      .transform((v) => v.replace(/^u\//i, '').trim())
      .pipe(z.string().min(1, MessageTexts.allFieldsRequired).max(100, MessageTexts.userNotFound)),
  ),
  subject: required(MESSAGE_SUBJECT_MAX, MessageTexts.subjectTooLong),
  content: required(MESSAGE_CONTENT_MAX, MessageTexts.contentTooLong),
});
export type CreateConversationBody = z.infer<typeof CreateConversationBody>;

/** POST /api/messages/conversations/{id}/messages. */
export const SendMessageBody = z.object({
  content: required(MESSAGE_CONTENT_MAX, MessageTexts.contentTooLong, MessageTexts.contentRequired),
});
export type SendMessageBody = z.infer<typeof SendMessageBody>;

export const ListConversationsQuery = z.object({
  page: pageParam,
  limit: pageLimitParam(CONVERSATIONS_PAGE_SIZE, 50),
});
export type ListConversationsQuery = z.infer<typeof ListConversationsQuery>;

/** Page 1 is the latest `limit` messages; each page is returned oldest first. */
export const ConversationMessagesQuery = z.object({
  page: pageParam,
  limit: pageLimitParam(MESSAGES_PAGE_SIZE, 100),
});
export type ConversationMessagesQuery = z.infer<typeof ConversationMessagesQuery>;

/** Spec §3 Message, plus whether the recipient has read it. */
export const Message = z
  .object({
    id: Id,
    conversation_id: Id,
    sender_id: Id,
    content: z.string(),
    created_at: Timestamp,
    is_read: z.boolean(),
    /**
     * The admin removed it after a report (EXTENSIONS §M5): its content then reads '[removed]'.
     * Optional only for remotes running against a server from before it (absent = not known).
     */
    removed: z.boolean().optional(),
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof Message>;

/** Spec §3 Conversation summary (the caller's view: the other participant, own unread count). */
export const ConversationSummary = z
  .object({
    id: Id,
    other_username: z.string(),
    subject: z.string(),
    last_message: z.string(),
    last_message_at: Timestamp,
    unread_count: z.number().int().nonnegative(),
  })
  .meta({ id: 'ConversationSummary' });
export type ConversationSummary = z.infer<typeof ConversationSummary>;

export const ListConversationsResponse = z.object({
  conversations: z.array(ConversationSummary),
  hasMore: z.boolean(),
});
export type ListConversationsResponse = z.infer<typeof ListConversationsResponse>;

/** Spec §3 Conversation detail; `hasMore` says older messages exist (next page). */
export const ConversationDetailResponse = z.object({
  id: Id,
  other_username: z.string(),
  subject: z.string(),
  messages: z.array(Message),
  hasMore: z.boolean(),
});
export type ConversationDetailResponse = z.infer<typeof ConversationDetailResponse>;

/** The client navigates to /inbox/{id} (spec §2), so the id is at the top level. */
export const CreateConversationResponse = z.object({
  id: Id,
  conversation: ConversationSummary,
  message: Message,
});
export type CreateConversationResponse = z.infer<typeof CreateConversationResponse>;

/** "Returns the created message": its fields at the top level, and the same under `message`. */
export const SendMessageResponse = Message.extend({ message: Message });
export type SendMessageResponse = z.infer<typeof SendMessageResponse>;

export const MarkMessageReadResponse = z.object({ message: Message });
export type MarkMessageReadResponse = z.infer<typeof MarkMessageReadResponse>;

/** GET /api/messages/unread-count and /api/notifications/unread-count. */
export const UnreadCountResponse = z.object({ unreadCount: z.number().int().nonnegative() });
export type UnreadCountResponse = z.infer<typeof UnreadCountResponse>;

/** GET /internal/directory/{username} on svc-messaging: who its directory replica knows. */
export const DirectoryUserParams = z.object({ username: z.string().min(1).max(50) });
export const DirectoryUserResponse = z.object({
  user: z.object({ id: Id, username: z.string(), avatar_url: z.string().nullable() }),
});
export type DirectoryUserResponse = z.infer<typeof DirectoryUserResponse>;
