import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { isApiError, useSession } from '@forum/sdk';
import type { Community } from '@forum/contracts';
import { Button, Card, ErrorState, Skeleton, buttonClassName } from '@forum/ui';
import { CommunityLogo } from '../components/CommunityLogo';
import { CommunityNotFound } from '../components/CommunityNotFound';
import { useCommunity } from '../hooks/useCommunity';
import { useCommunityRole } from '../hooks/useCommunityRole';
import { useMembershipToggle } from '../hooks/useMembershipToggle';
import { useOpenElection } from '../hooks/useOpenElection';
import { COMMUNITY_SORT_KEY, useStoredSort } from '../hooks/useStoredSort';
import { NoPosts, PostFeed } from '../components/PostFeed';
import { PostListSkeleton } from '../components/PostCard';
import { SortTabs } from '../components/SortTabs';
import { formatCompact, formatDate, stripMarkup } from '../lib/display';
import { ModeratorsBox } from '../components/community-moderation/ModeratorsBox';
import { TEXTS } from '../texts';

// Only a banned user downloads the banner and its appeal dialog.
const BannedBanner = lazy(() => import('../components/community-moderation/BannedBanner'));
// Only while an election is open: the banner's chunk, without the election pages' code.
const ElectionBanner = lazy(() => import('../components/elections/ElectionBanner'));

function HeaderSkeleton() {
  return (
    <Card className="forum-community-header" aria-busy="true" data-testid="community-loading">
      <Skeleton width={64} height={64} />
      <div className="forum-community-header__body">
        <Skeleton width="40%" height="1.6em" />
        <Skeleton width="80%" height="1em" style={{ marginTop: 10 }} />
        <Skeleton width="50%" height="0.9em" style={{ marginTop: 10 }} />
      </div>
    </Card>
  );
}

function NsfwOverlay() {
  return (
    <div className="forum-nsfw-gate" data-testid="nsfw-overlay">
      <div className="forum-nsfw-gate__blur" aria-hidden="true">
        <PostListSkeleton count={3} testId="nsfw-blurred" />
      </div>
      <div className="forum-nsfw-gate__box ui-card" role="region" aria-labelledby="nsfw-title">
        <h2 id="nsfw-title">{TEXTS.signUpRequired}</h2>
        <p>This community is marked NSFW (18+). Sign up or sign in to view its content.</p>
        <div className="forum-form__actions">
          <Link to="/register" className={buttonClassName('primary')} data-testid="nsfw-register">
            {TEXTS.createAccount}
          </Link>
          <Link to="/login" className={buttonClassName('secondary')} data-testid="nsfw-login">
            {TEXTS.signIn}
          </Link>
        </div>
      </div>
    </div>
  );
}

function CommunityView({ community }: { community: Community }) {
  const { status } = useSession();
  const signedIn = status === 'signed-in';
  const role = useCommunityRole(community);
  const { membership } = role;
  const isMember = Boolean(membership.data?.isMember);
  // §M2/§M8: a banned user may not post (or join) here; the banner says why and until when.
  const ban = membership.data?.ban ?? null;
  const toggle = useMembershipToggle();
  const [showRules, setShowRules] = useState(false);
  const [sort, setSort] = useStoredSort(COMMUNITY_SORT_KEY, 'hot');
  const base = `/c/${encodeURIComponent(community.name)}`;
  const gated = community.is_nsfw && status === 'signed-out';
  const openElection = useOpenElection(community.id, !community.is_nsfw || signedIn);

  const empty = !signedIn ? (
    <NoPosts
      message={TEXTS.signInToStart}
      action={
        <Link to="/login" className={buttonClassName('primary')} data-testid="empty-sign-in">
          {TEXTS.signInToPost}
        </Link>
      }
    />
  ) : ban ? (
    <NoPosts />
  ) : isMember ? (
    <NoPosts
      message={TEXTS.beFirst}
      action={
        <Link
          to={`${base}/create`}
          className={buttonClassName('primary')}
          data-testid="empty-create-post"
        >
          {TEXTS.createFirstPost}
        </Link>
      }
    />
  ) : (
    <NoPosts message={TEXTS.joinToPost} />
  );

  return (
    <>
      <Card className="forum-community-header" data-testid="community-header">
        <CommunityLogo community={community} size={64} />
        <div className="forum-community-header__body">
          <h1 className="forum-page__title" data-testid="community-name">
            c/{community.name}
            {community.is_nsfw ? (
              <span className="forum-nsfw" data-testid="nsfw-badge">
                NSFW
              </span>
            ) : null}
          </h1>
          <p className="forum-pre" data-testid="community-description">
            {stripMarkup(community.description)}
          </p>
          <p className="forum-muted forum-small">
            <span data-testid="community-members">
              {formatCompact(community.member_count)}{' '}
              {community.member_count === 1 ? 'member' : 'members'}
            </span>
            {' · '}
            <span data-testid="community-created">Created {formatDate(community.created_at)}</span>
            {' · '}
            <span data-testid="community-creator">
              by{' '}
              <Link to={`/u/${encodeURIComponent(community.creator_username)}`}>
                u/{community.creator_username}
              </Link>
            </span>
          </p>
          <div className="forum-community-header__actions">
            {/* The owner cannot leave (the seat must be handed over first); a banned user
                cannot join. */}
            {signedIn && membership.isSuccess && !role.isOwner && (isMember || !ban) ? (
              <Button
                variant={isMember ? 'secondary' : 'primary'}
                disabled={toggle.isPending}
                onClick={() =>
                  toggle.mutate(
                    { community, join: !isMember },
                    { onSuccess: () => void membership.refetch() },
                  )
                }
                data-testid="membership-button"
              >
                {isMember ? TEXTS.leave : TEXTS.join}
              </Button>
            ) : null}
            {signedIn && isMember && !ban ? (
              <Link
                to={`${base}/create`}
                className={buttonClassName('primary')}
                data-testid="create-post-link"
              >
                {TEXTS.createPost}
              </Link>
            ) : null}
            {role.canEdit ? (
              <Link
                to={`${base}/settings`}
                className={buttonClassName('secondary')}
                data-testid="settings-link"
              >
                {TEXTS.communitySettings}
              </Link>
            ) : null}
            <Link
              to={`${base}/elections`}
              className={buttonClassName('ghost')}
              data-testid="elections-link"
            >
              {TEXTS.elections}
            </Link>
            <Button
              variant="ghost"
              aria-expanded={showRules}
              aria-controls="community-rules"
              onClick={() => setShowRules((s) => !s)}
              data-testid="rules-toggle"
            >
              {showRules ? TEXTS.hideRules : TEXTS.viewRules}
            </Button>
          </div>
          {showRules ? (
            <div id="community-rules" className="forum-rules" data-testid="community-rules">
              <h2 className="forum-small-title">Rules</h2>
              <p className="forum-pre">{stripMarkup(community.rules)}</p>
            </div>
          ) : null}
        </div>
      </Card>
      {ban ? (
        <Suspense fallback={null}>
          <BannedBanner ban={ban} />
        </Suspense>
      ) : null}
      {openElection.data ? (
        <Suspense fallback={null}>
          <ElectionBanner election={openElection.data} communityName={community.name} />
        </Suspense>
      ) : null}
      <ModeratorsBox community={community} canModerate={role.canModerate} />
      {gated ? (
        <NsfwOverlay />
      ) : (
        <section className="forum-section" aria-labelledby="community-posts">
          <div className="forum-section__head">
            <h2 id="community-posts" className="forum-section__title">
              Posts
            </h2>
            <SortTabs value={sort} onChange={setSort} />
          </div>
          <PostFeed
            params={{ community_id: community.id, sort }}
            pageSize={20}
            showCommunity={false}
            empty={empty}
          />
        </section>
      )}
    </>
  );
}

export default function CommunityPage() {
  const { name = '' } = useParams();
  const community = useCommunity(name);
  return (
    <div className="forum-page" data-testid="community-page">
      {community.isPending ? (
        <>
          <HeaderSkeleton />
          <PostListSkeleton count={3} />
        </>
      ) : community.isError ? (
        isApiError(community.error) && community.error.status === 404 ? (
          <CommunityNotFound />
        ) : (
          <ErrorState
            title={TEXTS.communityFailed}
            onRetry={() => void community.refetch()}
            data-testid="community-error"
          />
        )
      ) : (
        <CommunityView key={community.data.community.id} community={community.data.community} />
      )}
    </div>
  );
}
