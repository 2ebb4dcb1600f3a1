import { Link, useParams } from 'react-router-dom';
import { useSession } from '@forum/sdk';
import type { Community } from '@forum/contracts';
import { Spinner } from '@forum/ui';
import { CommunityLoader } from '../components/CommunityLoader';
import { PagedListSection } from '../components/PagedListSection';
import { QueueSkeleton } from '../components/community-moderation/QueueSkeleton';
import { ElectionCard } from '../components/elections/ElectionCard';
import { NsfwGate } from '../components/NsfwGate';
import { StartElectionButton } from '../components/elections/StartElectionDialog';
import { useCanModerate } from '../hooks/useCanModerate';
import { useElections } from '../hooks/useElections';
import { communityPath } from '../lib/communityModeration';
import { ELECTION_TEXTS } from '../electionTexts';
import '../components/community-moderation/community-moderation.css';
import '../components/elections/elections.css';

function ElectionList({ community }: { community: Community }) {
  const q = useElections(community.id);
  return (
    <PagedListSection
      query={q}
      items={q.data?.pages.flatMap((p) => p.elections) ?? []}
      renderItem={(election) => (
        <ElectionCard
          election={election}
          communityName={community.name}
          // A deadline passed on screen: ask again so the phase moves without a reload.
          onBehind={() => void q.refetch()}
        />
      )}
      loading={<QueueSkeleton testId="elections-loading" />}
      errorTitle={ELECTION_TEXTS.electionsFailed}
      errorTestId="elections-error"
      emptyText={ELECTION_TEXTS.noElections}
      emptyTestId="elections-empty"
      listTestId="elections-list"
      loadMoreTestId="elections-load-more"
    />
  );
}

function CommunityElections({ community }: { community: Community }) {
  const { status } = useSession();
  const canModerate = useCanModerate(community.id);
  const gated = community.is_nsfw && status !== 'signed-in';
  if (community.is_nsfw && status === 'loading') return <Spinner block />;
  return (
    <>
      <div className="forum-section__head">
        <div>
          <h1 className="forum-page__title">{ELECTION_TEXTS.elections}</h1>
          <p className="forum-muted">
            <Link to={communityPath(community.name)} data-testid="elections-community-link">
              c/{community.name}
            </Link>
            {' · '}
            {ELECTION_TEXTS.electionsIntro}
          </p>
        </div>
        {canModerate && !gated ? (
          <StartElectionButton communityId={community.id} communityName={community.name} />
        ) : null}
      </div>
      {gated ? <NsfwGate testId="elections-nsfw" /> : <ElectionList community={community} />}
    </>
  );
}

/** /c/{name}/elections: the community's elections, newest first (EXTENSIONS §E). */
export default function ElectionsPage() {
  const { name = '' } = useParams();
  return (
    <div className="forum-page forum-page--narrow" data-testid="elections-page">
      <CommunityLoader name={name} loadingTestId="elections-page-loading">
        {(community) => <CommunityElections community={community} />}
      </CommunityLoader>
    </div>
  );
}
