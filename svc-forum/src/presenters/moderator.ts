import type { Moderator, ModeratorsResponse } from '@forum/contracts';
import type { TeamSeat } from '../use-cases/shared/moderator-team.js';

export const presentModerator = ({ seat, avatarUrl }: TeamSeat): Moderator => ({
  user_id: seat.user_id.toHexString(),
  username: seat.username,
  avatar_url: avatarUrl,
  role: seat.role,
  source: seat.source,
  since: seat.since.toISOString(),
  term_ends_at: seat.term_ends_at?.toISOString() ?? null,
});

export const presentTeam = (team: TeamSeat[]): ModeratorsResponse => ({
  moderators: team.map(presentModerator),
});
