import { ADMIN_ACCESS_DENIED } from '@forum/contracts';
import { forbidden, type AuthUser } from '@forum/service-kit';

/** ARCHITECTURE §2: the server enforces admin on every /api/admin/* call (the token's is_admin). */
export function assertAdmin(user: AuthUser | undefined): void {
  if (!user?.isAdmin) throw forbidden(ADMIN_ACCESS_DENIED);
}
