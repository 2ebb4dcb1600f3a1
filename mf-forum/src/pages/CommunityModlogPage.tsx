import { Link, useParams } from 'react-router-dom';
import { isApiError, useSession } from '@forum/sdk';
import type { Community } from '@forum/contracts';
import { ErrorState, Spinner } from '@forum/ui';
import { CommunityNotFound } from '../components/CommunityNotFound';
import { NsfwGate } from '../components/NsfwGate';
import { ModlogFilter } from '../components/community-moderation/ModlogFilter';
import { ModlogList } from '../components/community-moderation/ModlogList';
import { useCommunity } from '../hooks/useCommunity';
import { useModlogActionParam } from '../hooks/useModlogActionParam';
import { communityPath } from '../lib/communityModeration';
import { TEXTS } from '../texts';
import { MODERATION_TEXTS } from '../moderationTexts';

function CommunityModlog({ community }: { community: Community }) {
  const { status } = useSession();
  const [action, setAction] = useModlogActionParam();
  // Like the community's posts: visitors may not read an NSFW community's log.
  const gated = community.is_nsfw && status !== 'signed-in';
  if (community.is_nsfw && status === 'loading') return <Spinner block />;
  return (
    <>
      <div className="forum-section__head">
        <div>
          <h1 className="forum-page__title">{MODERATION_TEXTS.moderationLog}</h1>
          <p className="forum-muted">
            <Link to={communityPath(community.name)} data-testid="modlog-community-link">
              c/{community.name}
            </Link>
            {' · '}
            {MODERATION_TEXTS.modlogIntro}{' '}
            <Link to="/modlog" data-testid="site-modlog-link">
              {MODERATION_TEXTS.siteModlogLink}
            </Link>
          </p>
        </div>
        {gated ? null : <ModlogFilter value={action} onChange={setAction} />}
      </div>
      {gated ? (
        <NsfwGate testId="modlog-nsfw" />
      ) : (
        <ModlogList communityId={community.id} action={action} />
      )}
    </>
  );
}

/** /c/{name}/modlog: the community's public moderation log (§M3). */
export default function CommunityModlogPage() {
  const { name = '' } = useParams();
  const community = useCommunity(name);
  return (
    <div className="forum-page forum-page--narrow" data-testid="community-modlog-page">
      {community.isPending ? (
        <Spinner block data-testid="modlog-page-loading" />
      ) : community.isError ? (
        isApiError(community.error) && community.error.status === 404 ? (
          <CommunityNotFound />
        ) : (
          <ErrorState title={TEXTS.communityFailed} onRetry={() => void community.refetch()} />
        )
      ) : (
        <CommunityModlog community={community.data.community} />
      )}
    </div>
  );
}
