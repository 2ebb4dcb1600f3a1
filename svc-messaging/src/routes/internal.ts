import { Router } from '@koa/router';
import { z } from 'zod';
import { notFound, parseParams } from '@forum/service-kit';
import type { MessagingModels } from '../models/index.js';
import { findDirectoryUser } from '../use-cases/find-directory-user.js';
import { presentDirectoryUser } from '../presenters/directory-user.js';

const UsernameParams = z.object({ username: z.string().min(1).max(50) });

/** Service-to-service endpoints; the gateway never routes /internal. */
export function internalRoutes(models: MessagingModels): Router {
  const router = new Router({ prefix: '/internal' });
  router.get('/directory/:username', async (ctx) => {
    const { username } = parseParams(ctx, UsernameParams);
    const user = await findDirectoryUser(models, username);
    if (!user) throw notFound('User not found');
    ctx.body = { user: presentDirectoryUser(user) };
  });
  return router;
}
