import { Router } from '@koa/router';
import {
  ConversationMessagesQuery,
  CreateConversationBody,
  ListConversationsQuery,
  MessageTexts,
  SendMessageBody,
} from '@forum/contracts';
import { parseQuery, type Auth } from '@forum/service-kit';
import type { MessagingDeps } from '../deps.js';
import { caller, idParam, validBody } from '../http/validate.js';
import {
  presentConversationDetail,
  presentConversationSummary,
} from '../presenters/conversation.js';
import { presentMessage } from '../presenters/message.js';
import { countUnreadMessages } from '../use-cases/count-unread-messages.js';
import { getConversation } from '../use-cases/get-conversation.js';
import { listConversations } from '../use-cases/list-conversations.js';
import { markMessageRead } from '../use-cases/mark-message-read.js';
import { sendMessage } from '../use-cases/send-message.js';
import { startConversation } from '../use-cases/start-conversation.js';

const NOT_FOUND = MessageTexts.conversationNotFound;

/** /api/messages: private conversations between two users (spec §7 Messages). */
export function messageRoutes(deps: MessagingDeps, auth: Auth): Router {
  const { models } = deps;
  const router = new Router({ prefix: '/api/messages' });
  router.use(auth.requireAuth);

  router.get('/conversations', async (ctx) => {
    const user = caller(ctx);
    const page = await listConversations(models, user, parseQuery(ctx, ListConversationsQuery));
    ctx.body = {
      conversations: page.conversations.map((c) => presentConversationSummary(c, user.id)),
      hasMore: page.hasMore,
    };
  });
  router.post('/conversations', async (ctx) => {
    const user = caller(ctx);
    const { conversation, message } = await startConversation(
      deps,
      user,
      validBody(ctx, CreateConversationBody),
    );
    ctx.status = 201;
    ctx.body = {
      id: conversation._id.toHexString(),
      conversation: presentConversationSummary(conversation, user.id),
      message: presentMessage(message),
    };
  });
  router.get('/conversations/:id', async (ctx) => {
    const user = caller(ctx);
    const id = idParam(ctx, NOT_FOUND);
    const query = parseQuery(ctx, ConversationMessagesQuery);
    const { conversation, ...page } = await getConversation(models, user, id, query);
    ctx.body = presentConversationDetail(conversation, user.id, page);
  });
  router.post('/conversations/:id/messages', async (ctx) => {
    const user = caller(ctx);
    const id = idParam(ctx, NOT_FOUND);
    const { content } = validBody(ctx, SendMessageBody);
    const message = presentMessage(await sendMessage(deps, user, id, content));
    ctx.status = 201;
    ctx.body = { ...message, message };
  });
  router.put('/messages/:id/read', async (ctx) => {
    const user = caller(ctx);
    const message = await markMessageRead(models, user, idParam(ctx, NOT_FOUND));
    ctx.body = { message: presentMessage(message) };
  });
  router.get('/unread-count', async (ctx) => {
    ctx.body = { unreadCount: await countUnreadMessages(models, caller(ctx)) };
  });
  return router;
}
