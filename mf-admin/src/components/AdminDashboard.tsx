import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Card, ErrorState, Spinner } from '@forum/ui';
import { Tabs, type TabDef } from '@forum/ui/Tabs';
import { useAdminStats } from '../hooks/useAdminStats';
import { useDailyUserStats } from '../hooks/useDailyUserStats';
import { DEFAULT_REPORTS_VIEW, type ReportsView } from '../lib/reports';
import { DEFAULT_PAGE_SIZE, DEFAULT_SORT, type UsersView } from '../lib/table';
import { isForbidden, loadError } from '../lib/loadError';
import { TEXTS } from '../texts';
import { CommunitiesTab } from './CommunitiesTab';
import { OverviewTab } from './OverviewTab';
import { UsersTab } from './UsersTab';

// The report queue (and its dialogs and hooks) loads only when its tab is opened.
const ReportsTab = lazy(() => import('./ReportsTab').then((m) => ({ default: m.ReportsTab })));

type TabKey = 'overview' | 'users' | 'communities' | 'reports';
const TABS: ReadonlyArray<TabDef<TabKey>> = [
  { key: 'overview', label: TEXTS.tabOverview },
  { key: 'users', label: TEXTS.tabUsers },
  { key: 'communities', label: TEXTS.tabCommunities },
  { key: 'reports', label: TEXTS.tabReports },
];
const isTab = (value: string | null): value is TabKey => TABS.some((t) => t.key === value);

/**
 * The dashboard. The platform statistics are its initial load: until they arrived once, a
 * failure replaces the page with 'Failed to load admin data' and Retry (or the 403 text).
 * The tab lives in the URL (?tab=users, ?tab=reports) so it survives a reload and can be linked.
 */
export function AdminDashboard() {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: TabKey = isTab(tabParam) ? tabParam : 'overview';
  const [usersView, setUsersView] = useState<UsersView>({
    sort: DEFAULT_SORT,
    page: 1,
    limit: DEFAULT_PAGE_SIZE,
    search: '',
  });
  const [reportsView, setReportsView] = useState<ReportsView>(DEFAULT_REPORTS_VIEW);
  const stats = useAdminStats();
  const daily = useDailyUserStats();

  const selectTab = (key: TabKey) => {
    const next = new URLSearchParams(params);
    if (key === 'overview') next.delete('tab');
    else next.set('tab', key);
    setParams(next, { replace: true });
  };

  let body;
  if (stats.isError && !stats.data) {
    const { title, detail } = loadError(stats.error, TEXTS.initial);
    body = (
      <ErrorState
        title={title}
        message={detail}
        data-testid={isForbidden(stats.error) ? 'admin-denied' : 'admin-load-error'}
        onRetry={
          isForbidden(stats.error)
            ? undefined
            : () => {
                void stats.refetch();
                if (daily.isError) void daily.refetch();
              }
        }
        retryLabel={TEXTS.retry}
      />
    );
  } else if (stats.isPending) {
    body = <Spinner block label="Loading admin data" data-testid="admin-loading" />;
  } else {
    body = (
      <Tabs
        tabs={TABS}
        value={tab}
        onChange={selectTab}
        label="Admin sections"
        testIdPrefix="admin"
      >
        {tab === 'overview' ? <OverviewTab /> : null}
        {tab === 'users' ? <UsersTab view={usersView} onViewChange={setUsersView} /> : null}
        {tab === 'communities' ? <CommunitiesTab /> : null}
        {tab === 'reports' ? (
          <Suspense
            fallback={<Spinner block label="Loading reports" data-testid="reports-loading" />}
          >
            <ReportsTab view={reportsView} onViewChange={setReportsView} />
          </Suspense>
        ) : null}
      </Tabs>
    );
  }

  return (
    <Card className="admin-page" data-testid="admin-page">
      <h1 className="admin-page__title">{TEXTS.title}</h1>
      {body}
    </Card>
  );
}
