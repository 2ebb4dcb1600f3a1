import { MessageTexts } from '@forum/contracts';
import type { MessagingDeps } from '../deps.js';
import { MessageReportTexts } from '../domain/message-report-texts.js';
import {
  presentConversationDetail,
  presentConversationPage,
  presentStartedConversation,
} from '../presenters/conversation.js';
import { presentMessage, presentSentMessage } from '../presenters/message.js';
import { countUnreadMessages } from '../use-cases/count-unread-messages.js';
import { getConversation } from '../use-cases/get-conversation.js';
import { listConversations } from '../use-cases/list-conversations.js';
import { markMessageRead } from '../use-cases/mark-message-read.js';
import { reportMessage } from '../use-cases/report-message.js';
import { sendMessage } from '../use-cases/send-message.js';
import { startConversation } from '../use-cases/start-conversation.js';
import type { MessagingHandlers } from './handlers.js';
import { notFoundUnlessId } from './hidden-ids.js';

const hidden = [notFoundUnlessId(MessageTexts.conversationNotFound)];

/** /api/messages: private conversations between two users (spec §7 Messages). */
export const messageHandlers = (deps: MessagingDeps) =>
  ({
    'GET /api/messages/conversations': async ({ user, query }) =>
      presentConversationPage(await listConversations(deps.models, user, query), user.id),
    'POST /api/messages/conversations': async ({ user, body }) =>
      presentStartedConversation(await startConversation(deps, user, body), user.id),
    'GET /api/messages/conversations/{id}': {
      use: hidden,
      handle: async ({ user, params, query }) =>
        presentConversationDetail(await getConversation(deps, user, params.id, query), user.id),
    },
    'POST /api/messages/conversations/{id}/messages': {
      use: hidden,
      handle: async ({ user, params, body }) =>
        presentSentMessage(await sendMessage(deps, user, params.id, body.content)),
    },
    'PUT /api/messages/messages/{id}/read': {
      use: hidden,
      handle: async ({ user, params }) => ({
        message: presentMessage(await markMessageRead(deps, user, params.id)),
      }),
    },
    // EXTENSIONS §M5: the recipient reports a message to the admin.
    'POST /api/messages/messages/{id}/report': {
      use: [notFoundUnlessId(MessageTexts.messageNotFound)],
      handle: async ({ user, params, body }) => {
        await reportMessage(deps, user, params.id, body.reason);
        return { message: MessageReportTexts.reported };
      },
    },
    'GET /api/messages/unread-count': async ({ user }) => ({
      unreadCount: await countUnreadMessages(deps.models, user),
    }),
  }) satisfies MessagingHandlers;
