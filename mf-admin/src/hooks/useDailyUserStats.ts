import { adminKeys } from '../lib/adminKeys';
import { useAdminRead } from './useAdminRead';

export const useDailyUserStats = () =>
  useAdminRead('GET /api/admin/daily-user-stats', adminKeys.daily);
