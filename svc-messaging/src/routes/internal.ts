import { MessageTexts } from '@forum/contracts';
import { notFound } from '@forum/service-kit';
import type { MessagingDeps } from '../deps.js';
import { presentAccountExport } from '../presenters/account-export.js';
import { presentDirectoryUser } from '../presenters/directory-user.js';
import { exportAccountData } from '../use-cases/export-account-data.js';
import { findDirectoryUser } from '../use-cases/find-directory-user.js';
import type { MessagingHandlers } from './handlers.js';

/**
 * Service-to-service endpoints; the gateway never routes /internal. The export is the verified
 * caller's own (the gateway forwards their token) and is its part of GET /api/auth/me/export.
 */
export const internalHandlers = ({ models }: MessagingDeps) =>
  ({
    'GET messaging:/internal/directory/{username}': async ({ params }) => {
      const user = await findDirectoryUser(models, params.username);
      if (!user) throw notFound(MessageTexts.userNotFound);
      return { user: presentDirectoryUser(user) };
    },
    'GET messaging:/internal/export': async ({ user }) =>
      presentAccountExport(await exportAccountData(models, user), user.id),
  }) satisfies MessagingHandlers;
