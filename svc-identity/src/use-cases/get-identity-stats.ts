import type { IdentityStats } from '@forum/contracts';
import type { IdentityModels } from '../models/index.js';

export async function getIdentityStats({ User }: IdentityModels): Promise<IdentityStats> {
  return { total_users: await User.countDocuments({}) };
}
