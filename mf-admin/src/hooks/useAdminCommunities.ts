import { adminKeys } from '../lib/adminKeys';
import { useAdminRead } from './useAdminRead';

export const useAdminCommunities = () =>
  useAdminRead('GET /api/admin/communities', adminKeys.communities);
