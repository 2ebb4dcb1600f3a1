import { useSession } from '@forum/sdk';
import { useMembership } from './useMembership';

/**
 * Whether the signed-in user may moderate the community (EXTENSIONS §M1): the site admin
 * everywhere (the token's is_admin, as the server reads it; no membership call then), else its
 * owner and moderators.
 */
export function useCanModerate(communityId: string): boolean {
  const { status, user } = useSession();
  const isAdmin = status === 'signed-in' && user?.is_admin === true;
  const membership = useMembership(communityId, !isAdmin);
  // Not lib/communityModeration's canModerate: that module carries the moderation screens' texts.
  return status === 'signed-in' && (isAdmin || membership.data?.isModerator === true);
}
