import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useApi, useSession } from '@forum/sdk';
import { EmptyState, buttonClassName } from '@forum/ui';
import { VisitorLanding } from '@forum/landing';
import { useReplaceFirstPaint } from '@forum/landing/first-paint';
import '@forum/landing/landing.css';
import { forumKeys } from '../lib/forumKeys';
import { VISITOR_PAGE_SIZE } from '../lib/visitorHome';
import { HOME_SORT_KEY, useStoredSort } from '../hooks/useStoredSort';
import { NoPosts, PostFeed } from '../components/PostFeed';
import { PostListSkeleton } from '../components/PostCard';
import { SortTabs } from '../components/SortTabs';
import { TEXTS } from '../texts';

function SignedOutHome() {
  // The sort and page size preloadVisitorHome (lib/visitorHome.ts) asks the first page with.
  const [sort, setSort] = useStoredSort(HOME_SORT_KEY, 'new');
  // The same landing was painted from the HTML (the shell's index.html): this one takes its place.
  useReplaceFirstPaint();
  return (
    <>
      <VisitorLanding />
      <section
        className="forum-section"
        data-testid="recent-discussions"
        aria-labelledby="recent-title"
      >
        <div className="forum-section__head">
          <h2 className="forum-section__title" id="recent-title">
            {TEXTS.recentDiscussions}
          </h2>
          <SortTabs value={sort} onChange={setSort} />
        </div>
        <PostFeed
          params={{ sort }}
          pageSize={VISITOR_PAGE_SIZE}
          empty={<NoPosts message={TEXTS.beFirst} />}
        />
      </section>
      <section
        className="forum-signup ui-card"
        data-testid="signup-prompt"
        aria-labelledby="signup-title"
      >
        <h2 id="signup-title">Ready to join the conversation?</h2>
        <p>Create an account to post, comment, vote and join communities.</p>
        <Link to="/register" className={buttonClassName('primary')} data-testid="signup-now">
          {TEXTS.signUpNow}
        </Link>
      </section>
    </>
  );
}

function FeedEmpty({ userId }: { userId: string }) {
  const api = useApi();
  const mine = useQuery({
    queryKey: [...forumKeys.myCommunities(userId), 'count'],
    queryFn: () => api.call('GET /api/communities/my', { query: { limit: 1 } }),
  });
  if (mine.isPending) return <PostListSkeleton count={1} />;
  if (mine.data && mine.data.pagination.total === 0) {
    return (
      <EmptyState
        title={TEXTS.joinSomeCommunities}
        message={TEXTS.joinSomeCommunitiesText}
        action={
          <Link to="/communities" className={buttonClassName('primary')} data-testid="feed-browse">
            {TEXTS.browseCommunities}
          </Link>
        }
        data-testid="feed-empty-join"
      />
    );
  }
  return (
    <NoPosts
      message={TEXTS.feedEmptyText}
      action={
        <Link to="/communities" className={buttonClassName('secondary')}>
          {TEXTS.browseCommunities}
        </Link>
      }
    />
  );
}

function SignedInHome({ userId }: { userId: string }) {
  const [sort, setSort] = useStoredSort(HOME_SORT_KEY, 'new');
  return (
    <section className="forum-section" data-testid="your-feed" aria-labelledby="feed-title">
      <div className="forum-section__head">
        <h1 className="forum-section__title" id="feed-title">
          {TEXTS.yourFeed}
        </h1>
        <SortTabs value={sort} onChange={setSort} />
      </div>
      <PostFeed
        params={{ feed: 'joined', sort }}
        pageSize={10}
        infinite
        errorTitle={TEXTS.feedFailed}
        endText={TEXTS.feedEnd}
        empty={<FeedEmpty userId={userId} />}
        testId="feed-list"
      />
    </section>
  );
}

export default function HomePage() {
  const { status, user } = useSession();
  return (
    <div className="forum-page" data-testid="home-page">
      {status === 'signed-in' && user ? (
        <SignedInHome key={user.id} userId={user.id} />
      ) : status === 'loading' ? (
        <PostListSkeleton />
      ) : (
        <SignedOutHome />
      )}
    </div>
  );
}
