import { adminKeys } from '../lib/adminKeys';
import { useAdminRead } from './useAdminRead';

export const useAdminStats = () => useAdminRead('GET /api/admin/stats', adminKeys.stats);
