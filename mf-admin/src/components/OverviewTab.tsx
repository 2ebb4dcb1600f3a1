import { lazy, Suspense } from 'react';
import { Alert, Button, Card, Skeleton } from '@forum/ui';
import type { AdminStats } from '@forum/contracts';
import { useAdminStats } from '../hooks/useAdminStats';
import { useDailyUserStats } from '../hooks/useDailyUserStats';
import { formatNumber } from '../lib/format';
import { loadError } from '../lib/loadError';
import { TEXTS } from '../texts';
import { SectionError } from './SectionError';

const DailyUsersChart = lazy(() => import('./DailyUsersChart'));

const CARDS: Array<{ key: keyof AdminStats; label: string; testId: string }> = [
  { key: 'total_users', label: 'Total Users', testId: 'stat-total-users' },
  { key: 'total_communities', label: 'Communities', testId: 'stat-total-communities' },
  { key: 'total_posts', label: 'Posts', testId: 'stat-total-posts' },
  { key: 'total_comments', label: 'Comments', testId: 'stat-total-comments' },
];

function ChartSkeleton() {
  return (
    <div className="admin-chart admin-chart--loading" data-testid="daily-users-loading">
      <Skeleton height={260} />
    </div>
  );
}

export function OverviewTab() {
  const stats = useAdminStats();
  const daily = useDailyUserStats();
  const statsError = stats.isError ? loadError(stats.error, TEXTS.stats) : null;

  return (
    <div className="admin-overview">
      <div className="admin-section__bar">
        <h2 className="admin-section__title">{TEXTS.platformStatistics}</h2>
        <Button
          variant="secondary"
          size="sm"
          data-testid="overview-refresh"
          disabled={stats.isFetching || daily.isFetching}
          onClick={() => {
            void stats.refetch();
            void daily.refetch();
          }}
        >
          {TEXTS.refresh}
        </Button>
      </div>
      {statsError ? (
        <Alert variant="error" data-testid="stats-error">
          {statsError.title}
          {statsError.detail ? ` (${statsError.detail})` : null}
        </Alert>
      ) : null}
      <dl className="admin-stats" data-testid="admin-stats" aria-busy={stats.isPending}>
        {CARDS.map((card) => (
          <div key={card.key} className="ui-card admin-stat">
            <dt className="admin-stat__label">{card.label}</dt>
            <dd className="admin-stat__value" data-testid={card.testId}>
              {stats.data ? formatNumber(stats.data[card.key]) : <Skeleton width="3ch" />}
            </dd>
          </div>
        ))}
      </dl>

      <Card className="admin-chart-card">
        <h2 className="admin-section__title" id="daily-users-title">
          New users, last 7 days
        </h2>
        {daily.isError ? (
          <SectionError
            error={daily.error}
            fallback={TEXTS.daily}
            onRetry={() => void daily.refetch()}
            testId="daily-users-error"
          />
        ) : daily.data ? (
          <Suspense fallback={<ChartSkeleton />}>
            <DailyUsersChart data={daily.data.daily_stats} />
          </Suspense>
        ) : (
          <ChartSkeleton />
        )}
      </Card>
    </div>
  );
}
