import { StreamTexts } from '@forum/contracts';
import { HttpError, type AuthUser } from '@forum/service-kit';

/**
 * A stream carries the caller's own events, so it needs a caller, unless it only follows a post's
 * comments (visitors may, with forum's NSFW rules checked at open).
 */
export function assertMayOpenStream(user: AuthUser | undefined, postId: string | undefined): void {
  if (!user && !postId) throw new HttpError(401, StreamTexts.signInRequired);
}
