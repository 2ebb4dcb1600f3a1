import type { Types } from 'mongoose';

/** The caller's place in a community (a visitor is neither member nor moderator). */
export interface MembershipState {
  member: boolean;
  /** On the team: the owner or a moderator (EXTENSIONS §M1). */
  moderator: boolean;
  owner?: boolean;
  /** The caller's active ban there (GET membership only). */
  ban?: { reason: string; expiresAt: Date | null; modlogId: Types.ObjectId } | null;
}

/** After a join or leave: the caller's place and the community's member count. */
export interface MembershipChange extends MembershipState {
  memberCount: number;
}
