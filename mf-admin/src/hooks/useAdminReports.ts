import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminKeys } from '../lib/adminKeys';
import { pageOffset, REPORTS_PAGE_SIZE, type ReportsView } from '../lib/reports';
import { adminQueryDefaults, useAdminContext } from './useAdminContext';

/** GET /admin/reports: one page of the site-wide queue (messages included, with reporters). */
export function useAdminReports(view: ReportsView) {
  const { api, uid, enabled } = useAdminContext();
  return useQuery({
    queryKey: adminKeys.reports(uid, view),
    queryFn: ({ signal }) =>
      api.call(
        'GET /api/admin/reports',
        {
          query: {
            status: view.status,
            limit: REPORTS_PAGE_SIZE,
            offset: pageOffset(view.page),
          },
        },
        { signal },
      ),
    enabled,
    placeholderData: keepPreviousData,
    ...adminQueryDefaults,
  });
}
