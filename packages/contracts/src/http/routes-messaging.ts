import { IdParams } from './common.js';
import {
  ConversationDetailResponse,
  ConversationMessagesQuery,
  CreateConversationBody,
  CreateConversationResponse,
  DirectoryUserParams,
  DirectoryUserResponse,
  ListConversationsQuery,
  ListConversationsResponse,
  MarkMessageReadResponse,
  SendMessageBody,
  SendMessageResponse,
  UnreadCountResponse,
} from './messages.js';
import {
  ListNotificationsQuery,
  ListNotificationsResponse,
  MarkAllNotificationsReadResponse,
  NotificationResponse,
} from './notifications.js';
import { BlockTexts } from './blocks.js';
import { errorResponse as error, routesFor } from './route-contract.js';

const messaging = routesFor('messaging');
const signedIn = { 401: error('Not signed in, or the token is invalid or expired') };
// Non-participants get the same answer as a missing conversation: no existence leak.
const hidden = { 404: error('Conversation not found (also for non-participants and bad ids)') };

/** EXTENSIONS §B1: a user the recipient blocked may not write to them (they are not told why). */
const blockedByRecipient = error(BlockTexts.cannotMessage);

export const messagingRoutes = [
  messaging({
    method: 'get',
    path: '/api/messages/conversations',
    summary: "The caller's conversations, most recent activity first",
    auth: 'required',
    request: { query: ListConversationsQuery },
    responses: {
      200: { description: 'A page of conversations', schema: ListConversationsResponse },
      400: error('Invalid query'),
      ...signedIn,
    },
  }),
  messaging({
    method: 'post',
    path: '/api/messages/conversations',
    summary: 'Start a conversation with a user by username (a new subject starts a new one)',
    auth: 'required',
    request: { body: CreateConversationBody },
    responses: {
      201: {
        description: 'The conversation and its first message',
        schema: CreateConversationResponse,
      },
      400: error("All fields are required / too long / 'You cannot send a message to yourself'"),
      403: blockedByRecipient,
      404: error('User not found'),
      ...signedIn,
    },
  }),
  messaging({
    method: 'get',
    path: '/api/messages/conversations/{id}',
    summary: "A conversation's messages (page 1 = latest, oldest first); marks them read",
    auth: 'required',
    request: { params: IdParams, query: ConversationMessagesQuery },
    responses: {
      200: { description: 'The conversation', schema: ConversationDetailResponse },
      400: error('Invalid query'),
      ...signedIn,
      ...hidden,
    },
  }),
  messaging({
    method: 'post',
    path: '/api/messages/conversations/{id}/messages',
    summary: 'Reply in a conversation',
    auth: 'required',
    request: { params: IdParams, body: SendMessageBody },
    responses: {
      201: { description: 'The created message', schema: SendMessageResponse },
      400: error('Message content is required / too long'),
      403: blockedByRecipient,
      ...signedIn,
      ...hidden,
    },
  }),
  messaging({
    method: 'put',
    path: '/api/messages/messages/{id}/read',
    summary: 'Mark a received message read (idempotent)',
    auth: 'required',
    request: { params: IdParams },
    responses: {
      200: { description: 'The message, now read', schema: MarkMessageReadResponse },
      403: error('Only the recipient can mark a message as read'),
      ...signedIn,
      ...hidden,
    },
  }),
  messaging({
    method: 'get',
    path: '/api/messages/unread-count',
    summary: 'Unread private messages (polled every 30 s)',
    auth: 'required',
    responses: { 200: { description: 'The count', schema: UnreadCountResponse }, ...signedIn },
  }),
  messaging({
    method: 'get',
    path: '/api/notifications',
    summary: "The caller's notifications, newest first",
    auth: 'required',
    request: { query: ListNotificationsQuery },
    responses: {
      200: { description: 'A page of notifications', schema: ListNotificationsResponse },
      400: error('Invalid query'),
      ...signedIn,
    },
  }),
  messaging({
    method: 'get',
    path: '/api/notifications/unread-count',
    summary: 'Unread notifications (polled every 30 s)',
    auth: 'required',
    responses: { 200: { description: 'The count', schema: UnreadCountResponse }, ...signedIn },
  }),
  messaging({
    method: 'put',
    path: '/api/notifications/{id}/read',
    summary: "Mark one of the caller's notifications read",
    auth: 'required',
    request: { params: IdParams },
    responses: {
      200: { description: 'The notification, now read', schema: NotificationResponse },
      404: error("Notification not found (also for other users' notifications)"),
      ...signedIn,
    },
  }),
  messaging({
    method: 'put',
    path: '/api/notifications/mark-all-read',
    summary: "Mark all of the caller's notifications read",
    auth: 'required',
    responses: {
      200: { description: 'How many changed', schema: MarkAllNotificationsReadResponse },
      ...signedIn,
    },
  }),
  messaging({
    method: 'get',
    path: '/internal/directory/{username}',
    summary: "A user as messaging's directory replica has them (ignoring case)",
    auth: 'none',
    internal: true,
    request: { params: DirectoryUserParams },
    responses: {
      200: { description: 'The user', schema: DirectoryUserResponse },
      400: error('Invalid username'),
      404: error('User not found'),
    },
  }),
] as const;
