import { Link, useParams } from 'react-router-dom';
import { useSession } from '@forum/sdk';
import type { Community } from '@forum/contracts';
import { Spinner } from '@forum/ui';
import { CommunityLoader } from '../components/CommunityLoader';
import { NsfwGate } from '../components/NsfwGate';
import { ModlogFilter } from '../components/community-moderation/ModlogFilter';
import { ModlogList } from '../components/community-moderation/ModlogList';
import { useModlogActionParam } from '../hooks/useModlogActionParam';
import { communityPath } from '../lib/communityModeration';
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
  return (
    <div className="forum-page forum-page--narrow" data-testid="community-modlog-page">
      <CommunityLoader name={name} loadingTestId="modlog-page-loading">
        {(community) => <CommunityModlog community={community} />}
      </CommunityLoader>
    </div>
  );
}
