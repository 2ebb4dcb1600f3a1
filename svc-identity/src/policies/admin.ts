import type { AuthUser } from '@forum/service-kit';
import type { IdentityConfig } from '../config.js';

/** The admin is the user whose username equals ADMIN_USERNAME (ARCHITECTURE §2). */
export const isAdminUsername = (config: Pick<IdentityConfig, 'ADMIN_USERNAME'>, username: string) =>
  username.toLowerCase() === config.ADMIN_USERNAME.toLowerCase();

/** Both the signed claim and the username must say admin; anything else is a 403. */
export const canAdminister = (config: Pick<IdentityConfig, 'ADMIN_USERNAME'>, user: AuthUser) =>
  user.isAdmin && isAdminUsername(config, user.username);
