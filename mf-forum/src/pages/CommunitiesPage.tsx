import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useApi, useSession } from '@forum/sdk';
import type { Community } from '@forum/contracts';
import { Button, Card, EmptyState, ErrorState, Skeleton, buttonClassName } from '@forum/ui';
import { forumKeys } from '../lib/forumKeys';
import { useMembershipToggle } from '../hooks/useMembershipToggle';
import { useMyCommunities } from '../hooks/useMyCommunities';
import { CommunitySummaryCard } from '../components/CommunitySummaryCard';
import { TEXTS } from '../texts';

function CommunityCard({
  community,
  joined,
  canToggle,
}: {
  community: Community;
  joined: boolean;
  canToggle: boolean;
}) {
  const toggle = useMembershipToggle();
  const { user } = useSession();
  const isCreator = user?.id === community.created_by;
  const busy = toggle.isPending;
  return (
    <CommunitySummaryCard community={community} testId="community-card">
      {canToggle && !isCreator ? (
        <Button
          variant={joined ? 'secondary' : 'primary'}
          size="sm"
          aria-pressed={joined}
          aria-label={`${joined ? TEXTS.joined : TEXTS.join} c/${community.name}`}
          disabled={busy}
          onClick={() => toggle.mutate({ community, join: !joined })}
          data-testid="join-toggle"
        >
          {joined ? TEXTS.joined : TEXTS.join}
        </Button>
      ) : null}
    </CommunitySummaryCard>
  );
}

function ListSkeleton() {
  return (
    <div className="forum-community-list" aria-busy="true" data-testid="communities-loading">
      {Array.from({ length: 4 }, (_, i) => (
        <Card key={i} className="forum-community-card">
          <Skeleton width={40} height={40} />
          <div className="forum-community-card__body">
            <Skeleton width="30%" height="1.1em" />
            <Skeleton width="80%" height="0.9em" style={{ marginTop: 8 }} />
          </div>
        </Card>
      ))}
    </div>
  );
}

export default function CommunitiesPage() {
  const api = useApi();
  const { status } = useSession();
  const signedIn = status === 'signed-in';
  const mine = useMyCommunities();
  const joinedIds = new Set((mine.data?.communities ?? []).map((c) => c.id));
  const all = useInfiniteQuery({
    queryKey: forumKeys.communities,
    queryFn: ({ pageParam }) =>
      api.call('GET /api/communities', { query: { limit: 20, offset: pageParam } }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.pagination.hasMore ? pages.reduce((n, p) => n + p.communities.length, 0) : undefined,
  });
  const communities = all.data?.pages.flatMap((p) => p.communities) ?? [];
  const discover = signedIn ? communities.filter((c) => !joinedIds.has(c.id)) : communities;

  return (
    <div className="forum-page" data-testid="communities-page">
      <div className="forum-section__head">
        <h1 className="forum-page__title">Communities</h1>
        {/* Visitors are sent to /login by the create page. */}
        <Link
          to="/create-community"
          className={buttonClassName('primary')}
          data-testid="create-community-link"
        >
          {TEXTS.createCommunity}
        </Link>
      </div>
      {signedIn ? (
        <section
          className="forum-section"
          aria-labelledby="my-communities"
          data-testid="my-communities"
        >
          <h2 id="my-communities" className="forum-section__title">
            {TEXTS.yourCommunities}
          </h2>
          {mine.isPending ? (
            <ListSkeleton />
          ) : mine.isError ? (
            <ErrorState title={TEXTS.communitiesFailed} onRetry={() => void mine.refetch()} />
          ) : mine.data.communities.length === 0 ? (
            <p className="forum-muted" data-testid="my-communities-empty">
              {TEXTS.notJoinedYet}
            </p>
          ) : (
            <div className="forum-community-list">
              {mine.data.communities.map((c) => (
                <CommunityCard key={c.id} community={c} joined canToggle />
              ))}
            </div>
          )}
        </section>
      ) : null}
      <section
        className="forum-section"
        aria-labelledby="all-communities"
        data-testid="all-communities"
      >
        <h2 id="all-communities" className="forum-section__title">
          {signedIn ? TEXTS.discover : TEXTS.allCommunities}
        </h2>
        {all.isPending ? (
          <ListSkeleton />
        ) : all.isError ? (
          <ErrorState
            title={TEXTS.communitiesFailed}
            onRetry={() => void all.refetch()}
            data-testid="communities-error"
          />
        ) : discover.length === 0 && !all.hasNextPage ? (
          <EmptyState
            title={TEXTS.noCommunities}
            message={signedIn ? TEXTS.createFirstCommunity : undefined}
            data-testid="communities-empty"
          />
        ) : (
          <div className="forum-community-list" data-testid="community-list">
            {discover.map((c) => (
              <CommunityCard
                key={c.id}
                community={c}
                joined={joinedIds.has(c.id)}
                canToggle={signedIn}
              />
            ))}
          </div>
        )}
        {all.hasNextPage ? (
          <div className="forum-more">
            <Button
              variant="secondary"
              disabled={all.isFetchingNextPage}
              onClick={() => void all.fetchNextPage()}
              data-testid="load-more-communities"
            >
              {all.isFetchingNextPage ? TEXTS.loading : TEXTS.loadMoreCommunities}
            </Button>
          </div>
        ) : null}
      </section>
    </div>
  );
}
