import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { DailyUserStatsResponse } from '@forum/contracts';
import { formatChartDay } from '../lib/format';

/**
 * New users per day over the last 7 days. Its own chunk (recharts is big): OverviewTab loads it
 * with React.lazy. The data is also given as a table for screen readers.
 */
export default function DailyUsersChart({ data }: { data: DailyUserStatsResponse['daily_stats'] }) {
  const rows = data.map((d) => ({ ...d, label: formatChartDay(d.date) }));
  return (
    <div className="admin-chart" data-testid="daily-users-chart">
      <div className="admin-chart__plot" aria-hidden="true">
        <ResponsiveContainer width="100%" height={260}>
          <LineChart
            data={rows}
            margin={{ top: 12, right: 16, bottom: 4, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
            <XAxis dataKey="label" stroke="var(--color-text-muted)" tickLine={false} />
            <YAxis
              allowDecimals={false}
              stroke="var(--color-text-muted)"
              tickLine={false}
              width={40}
            />
            <Tooltip
              formatter={(value) => [value, 'New users']}
              contentStyle={{
                background: 'var(--color-surface)',
                border: '1px solid var(--color-border)',
                color: 'var(--color-text)',
              }}
            />
            <Line
              type="linear"
              dataKey="new_users"
              name="New users"
              stroke="var(--color-primary)"
              strokeWidth={2}
              dot={{ r: 4, className: 'admin-chart__dot' }}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <table className="ui-sr-only" data-testid="daily-users-table">
        <caption>New users per day, last 7 days</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">New users</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((d) => (
            <tr key={d.date} data-date={d.date}>
              <th scope="row">{d.label}</th>
              <td data-testid="daily-users-count">{d.new_users}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
