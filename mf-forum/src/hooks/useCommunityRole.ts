import { useSession } from '@forum/sdk';
import type { Community } from '@forum/contracts';
import { canEditCommunity, canModerate } from '../lib/communityModeration';
import { useMembership } from './useMembership';

export interface CommunityRole {
  /** false while the session or the membership is still loading. */
  known: boolean;
  isAdmin: boolean;
  isOwner: boolean;
  /** On the team: the owner and the moderators (§M1). */
  isModerator: boolean;
  /** May use the moderation tools: the team and the site admin. */
  canModerate: boolean;
  /** May edit the community (settings): the owner, whoever holds the seat now, and the admin. */
  canEdit: boolean;
  membership: ReturnType<typeof useMembership>;
}

/** The signed-in user's standing in a community, for what the screens offer them. */
export function useCommunityRole(community: Community | undefined): CommunityRole {
  const { status, user } = useSession();
  const membership = useMembership(community?.id);
  const isAdmin = status === 'signed-in' && Boolean(user?.is_admin);
  const isOwner = Boolean(membership.data?.isOwner);
  const isModerator = Boolean(membership.data?.isModerator);
  return {
    known: status === 'signed-out' || isAdmin || membership.isSuccess || membership.isError,
    isAdmin,
    isOwner,
    isModerator,
    canModerate: canModerate(membership.data, isAdmin),
    canEdit: canEditCommunity(membership.data, isAdmin),
    membership,
  };
}
