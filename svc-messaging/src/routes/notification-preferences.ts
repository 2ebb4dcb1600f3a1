import type { MessagingDeps } from '../deps.js';
import type { MessagingHandlers } from './handlers.js';

// SCAFFOLD (issue 20, being built): replaced by the real handlers before this lands.
const pending = () => {
  throw new Error('not built yet');
};

/** EXTENSIONS §B2: notification preferences. */
export const notificationPreferenceHandlers = (_deps: MessagingDeps) =>
  ({
    'GET /api/notifications/preferences': pending,
    'PUT /api/notifications/preferences': pending,
  }) satisfies MessagingHandlers;
