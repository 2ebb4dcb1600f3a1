import { describe, expect, it } from 'vitest';
import {
  ConversationMessagesQuery,
  CreateConversationBody,
  ListConversationsQuery,
  MessageTexts,
  SendMessageBody,
} from './messages.js';
import { ListNotificationsQuery, Notification } from './notifications.js';
import { messagingRoutes } from './routes-messaging.js';

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('messaging contracts', () => {
  it('trims the new-conversation fields and accepts a u/ prefix on the recipient', () => {
    expect(
      CreateConversationBody.parse({
        recipientUsername: ' u/Bob ',
        subject: ' Hi ',
        content: ' x\ny ',
      }),
    ).toEqual({ recipientUsername: 'Bob', subject: 'Hi', content: 'x\ny' });
  });

  it.each([
    [{}],
    [{ recipientUsername: ' ', subject: 'a', content: 'b' }],
    [{ recipientUsername: 'a', subject: '\t', content: 'b' }],
    [{ recipientUsername: 'a', subject: 'b', content: '' }],
    [{ recipientUsername: 'a', subject: 'b', content: 42 }],
  ])('says All fields are required for %j', (body) => {
    expect(firstError(CreateConversationBody.safeParse(body))).toBe(MessageTexts.allFieldsRequired);
  });

  it('limits subject to 200 and content to 10,000 characters', () => {
    const ok = { recipientUsername: 'a', subject: 's'.repeat(200), content: 'c'.repeat(10_000) };
    expect(CreateConversationBody.safeParse(ok).success).toBe(true);
    expect(firstError(CreateConversationBody.safeParse({ ...ok, subject: 's'.repeat(201) }))).toBe(
      MessageTexts.subjectTooLong,
    );
    expect(firstError(SendMessageBody.safeParse({ content: 'c'.repeat(10_001) }))).toBe(
      MessageTexts.contentTooLong,
    );
    expect(firstError(SendMessageBody.safeParse({ content: '  ' }))).toBe(
      MessageTexts.contentRequired,
    );
  });

  it('pages with spec defaults: conversations 20, messages 50, notifications 20', () => {
    expect(ListConversationsQuery.parse({})).toEqual({ page: 1, limit: 20 });
    expect(ConversationMessagesQuery.parse({})).toEqual({ page: 1, limit: 50 });
    expect(ListNotificationsQuery.parse({ page: '3' })).toEqual({ page: 3, limit: 20 });
    expect(ListNotificationsQuery.safeParse({ page: '0' }).success).toBe(false);
    expect(ListConversationsQuery.safeParse({ limit: '500' }).success).toBe(false);
  });

  it('describes a notification with the spec fields', () => {
    expect(Object.keys(Notification.shape).sort()).toEqual(
      ['content', 'created_at', 'id', 'is_read', 'post_id', 'related_id', 'title', 'type'].sort(),
    );
  });

  it('lists every messaging operation, all signed-in, and one internal lookup', () => {
    const isInternal = (r: (typeof messagingRoutes)[number]) => 'internal' in r && r.internal;
    const api = messagingRoutes.filter((r) => !isInternal(r));
    expect(api.map((r) => `${r.method.toUpperCase()} ${r.path}`).sort()).toEqual(
      [
        'GET /api/messages/conversations',
        'POST /api/messages/conversations',
        'GET /api/messages/conversations/{id}',
        'POST /api/messages/conversations/{id}/messages',
        'PUT /api/messages/messages/{id}/read',
        'GET /api/messages/unread-count',
        'GET /api/notifications',
        'GET /api/notifications/unread-count',
        'PUT /api/notifications/{id}/read',
        'PUT /api/notifications/mark-all-read',
      ].sort(),
    );
    expect(api.every((r) => r.service === 'messaging' && r.auth === 'required')).toBe(true);
    // The directory replica, for service-to-service use; the gateway never routes /internal.
    expect(
      messagingRoutes.filter(isInternal).map((r) => `${r.method} ${r.path} ${r.auth}`),
    ).toEqual(['get /internal/directory/{username} none']);
  });
});
