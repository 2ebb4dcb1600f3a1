import type { ModlogQuery } from '@forum/contracts';
import type { AuthUser } from '@forum/service-kit';
import { findModlogPage, type ModlogPage } from './shared/modlog-page.js';
import type { ForumDeps } from '../deps.js';

/** GET /modlog: every community's entries and the admin's site-wide ones (§M3). */
export const listModlog = (
  { models }: Pick<ForumDeps, 'models'>,
  user: AuthUser | undefined,
  query: ModlogQuery,
): Promise<ModlogPage> => findModlogPage(models, { visitor: !user }, query);
