import { Link } from 'react-router-dom';
import { useAdminCommunities } from '../hooks/useAdminCommunities';
import { formatDateTime, formatFullDate, formatNumber } from '../lib/format';
import { TEXTS } from '../texts';
import { SectionError } from './SectionError';
import { EmptyRow, SkeletonRows } from './TableStateRows';

const HEADERS = ['Name', 'Members', 'Posts', 'NSFW', 'Creator', 'Created'];

export function CommunitiesTab() {
  const communities = useAdminCommunities();
  if (communities.isError && !communities.data) {
    return (
      <SectionError
        error={communities.error}
        fallback={TEXTS.communities}
        onRetry={() => void communities.refetch()}
        testId="communities-error"
      />
    );
  }
  const list = communities.data?.communities;
  return (
    <div className="admin-communities">
      <p className="admin-users__summary" data-testid="communities-total">
        {list
          ? `${formatNumber(list.length)} ${list.length === 1 ? 'community' : 'communities'}`
          : '\u00a0'}
      </p>
      <div className="admin-table-wrap" role="region" aria-label="Communities table" tabIndex={0}>
        <table
          className="admin-table"
          data-testid="communities-table"
          aria-busy={communities.isFetching}
        >
          <caption className="ui-sr-only">Communities</caption>
          <thead>
            <tr>
              {HEADERS.map((h) => (
                <th
                  key={h}
                  scope="col"
                  className={h === 'Members' || h === 'Posts' ? 'admin-num' : undefined}
                >
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {!list ? <SkeletonRows count={3} colSpan={HEADERS.length} /> : null}
            {list && list.length === 0 ? (
              <EmptyRow colSpan={HEADERS.length} testId="communities-empty">
                {TEXTS.noCommunities}
              </EmptyRow>
            ) : null}
            {list?.map((c) => (
              <tr key={c.id} data-testid="community-row" data-name={c.name}>
                <th scope="row" className="admin-table__name admin-table__wrap">
                  <Link to={`/c/${encodeURIComponent(c.name)}`} data-testid="community-name">
                    c/{c.name}
                  </Link>
                </th>
                <td className="admin-num" data-testid="community-members">
                  {formatNumber(c.member_count)}
                </td>
                <td className="admin-num" data-testid="community-posts">
                  {formatNumber(c.post_count)}
                </td>
                <td>
                  <span
                    className={`admin-flag admin-flag--${c.is_nsfw ? 'warn' : 'off'}`}
                    data-testid="community-nsfw"
                  >
                    {c.is_nsfw ? 'NSFW' : 'No'}
                  </span>
                </td>
                <td data-testid="community-creator">
                  <Link to={`/u/${encodeURIComponent(c.creator_username)}`}>
                    u/{c.creator_username}
                  </Link>
                </td>
                <td data-testid="community-created" title={formatDateTime(c.created_at)}>
                  {formatFullDate(c.created_at)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
