import type { SessionResponse } from '@forum/contracts';
import type { SessionTokens } from '../services/sessions.js';
import { presentOwnUser, type PresentableUser } from './user.js';

export const presentSession = ({
  user,
  tokens,
}: {
  user: PresentableUser;
  tokens: SessionTokens;
}): SessionResponse => ({ user: presentOwnUser(user), ...tokens });
