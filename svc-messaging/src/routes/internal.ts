import { MessageTexts } from '@forum/contracts';
import { notFound } from '@forum/service-kit';
import type { MessagingDeps } from '../deps.js';
import { presentDirectoryUser } from '../presenters/directory-user.js';
import { findDirectoryUser } from '../use-cases/find-directory-user.js';
import type { MessagingHandlers } from './handlers.js';

/** Service-to-service endpoints; the gateway never routes /internal. */
export const internalHandlers = ({ models }: MessagingDeps) =>
  ({
    'GET messaging:/internal/directory/{username}': async ({ params }) => {
      const user = await findDirectoryUser(models, params.username);
      if (!user) throw notFound(MessageTexts.userNotFound);
      return { user: presentDirectoryUser(user) };
    },
  }) satisfies MessagingHandlers;
