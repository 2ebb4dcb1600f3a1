/** The caller's place in a community (a visitor is neither member nor moderator). */
export interface MembershipState {
  member: boolean;
  moderator: boolean;
}

/** After a join or leave: the caller's place and the community's member count. */
export interface MembershipChange extends MembershipState {
  memberCount: number;
}
