import {
  ConversationDetailResponse,
  CreateConversationResponse,
  ListConversationsResponse,
  MarkMessageReadResponse,
  SendMessageResponse,
  UnreadCountResponse,
} from '@forum/contracts';
import type { SuccessSchemaTable } from '../successSchemas';

/** Private messages: conversations, messages and the unread count. */
export const schemas = {
  'GET /api/messages/conversations': ListConversationsResponse,
  'POST /api/messages/conversations': CreateConversationResponse,
  'GET /api/messages/conversations/{id}': ConversationDetailResponse,
  'POST /api/messages/conversations/{id}/messages': SendMessageResponse,
  'PUT /api/messages/messages/{id}/read': MarkMessageReadResponse,
  'GET /api/messages/unread-count': UnreadCountResponse,
} satisfies Partial<SuccessSchemaTable>;
