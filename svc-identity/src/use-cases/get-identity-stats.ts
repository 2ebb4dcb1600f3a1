import type { IdentityModels } from '../models/index.js';

/** How many accounts exist (the admin dashboard's total). */
export const getIdentityStats = ({ User }: IdentityModels): Promise<number> =>
  User.countDocuments({});
