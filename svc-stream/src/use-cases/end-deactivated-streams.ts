import type { EventOf } from '@forum/contracts';
import type { StreamDeps } from '../deps.js';

/**
 * identity.user.updated {is_active: false}: the account's streams end at once (its token may be
 * valid for minutes more; a reconnect is refused by messaging's check).
 */
export function endDeactivatedStreams(
  { hub }: Pick<StreamDeps, 'hub'>,
  event: EventOf<'identity.user.updated'>,
): void {
  if (event.is_active === false) hub.endUser(event.user_id, 'account deactivated');
}
