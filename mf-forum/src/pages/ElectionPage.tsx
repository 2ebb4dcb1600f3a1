import { Link, useParams } from 'react-router-dom';
import { isApiError, useSession } from '@forum/sdk';
import type { Community, Election } from '@forum/contracts';
import { Card, EmptyState, ErrorState, Spinner, buttonClassName } from '@forum/ui';
import { CommunityLoader } from '../components/CommunityLoader';
import { BallotForm } from '../components/elections/BallotForm';
import { CandidateList } from '../components/elections/CandidateList';
import { ElectionStatus } from '../components/elections/ElectionStatus';
import { NominateForm } from '../components/elections/NominateForm';
import { NsfwGate } from '../components/NsfwGate';
import { ResultsChart } from '../components/elections/ResultsChart';
import { WithdrawButton } from '../components/elections/WithdrawButton';
import { useElection } from '../hooks/useElection';
import { communityPath } from '../lib/communityModeration';
import { formatDate } from '../lib/display';
import { electionsPath } from '../lib/electionPaths';
import { TEXTS } from '../texts';
import { ELECTION_TEXTS } from '../electionTexts';
import '../components/community-moderation/community-moderation.css';
import '../components/elections/elections.css';

function ElectionNotFound({ communityName }: { communityName: string }) {
  return (
    <EmptyState
      title={ELECTION_TEXTS.electionNotFound}
      message={ELECTION_TEXTS.electionNotFoundText}
      action={
        <Link to={electionsPath(communityName)} className={buttonClassName('secondary')}>
          {ELECTION_TEXTS.backToElections}
        </Link>
      }
      data-testid="election-not-found"
    />
  );
}

function SignInPrompt() {
  return (
    <Card className="forum-el-section" data-testid="election-sign-in">
      <h2 className="forum-section__title">{ELECTION_TEXTS.signInToTakePart}</h2>
      <p className="forum-muted">{ELECTION_TEXTS.signInToTakePartText}</p>
      <div>
        <Link
          to="/login"
          className={buttonClassName('primary')}
          data-testid="election-sign-in-link"
        >
          {TEXTS.signIn}
        </Link>
      </div>
    </Card>
  );
}

/**
 * What the reader may do now. It follows the phase the server last reported: the countdown's
 * refetch moves it when a deadline passes, so an action never shows before the server takes it.
 */
function ElectionActions({ election }: { election: Election }) {
  const { status, user } = useSession();
  const meId = user?.id;
  const isCandidate = election.candidates.some((c) => c.user_id === meId);
  const nominating = election.phase === 'nominating';
  if (election.phase === 'closed') {
    return (
      <>
        <ResultsChart election={election} />
        <CandidateList candidates={election.candidates} meId={meId} />
      </>
    );
  }
  return (
    <>
      {status === 'signed-out' ? <SignInPrompt /> : null}
      {status === 'signed-in' && election.phase === 'voting' ? (
        <BallotForm electionId={election.id} candidates={election.candidates} />
      ) : null}
      <CandidateList
        candidates={election.candidates}
        meId={meId}
        actionFor={(c) =>
          nominating && status === 'signed-in' && c.user_id === meId ? (
            <WithdrawButton electionId={election.id} />
          ) : null
        }
      />
      {status === 'signed-in' && nominating && !isCandidate ? (
        <NominateForm electionId={election.id} />
      ) : null}
    </>
  );
}

function ElectionView({ community, electionId }: { community: Community; electionId: string }) {
  const { status } = useSession();
  // Like the community's posts: a visitor may not read an NSFW community's election (the
  // server says 403); only there does the page wait for the session.
  const waiting = community.is_nsfw && status === 'loading';
  const gated = community.is_nsfw && status === 'signed-out';
  const q = useElection(electionId, !waiting && !gated);
  if (gated) return <NsfwGate testId="elections-nsfw" />;
  if (waiting || q.isPending) return <Spinner block data-testid="election-loading" />;
  if (q.isError) {
    // A malformed id is refused as 400: no such election either.
    return isApiError(q.error) && (q.error.status === 404 || q.error.status === 400) ? (
      <ElectionNotFound communityName={community.name} />
    ) : (
      <ErrorState title={ELECTION_TEXTS.electionFailed} onRetry={() => void q.refetch()} />
    );
  }
  const election = q.data.election;
  // An election of another community under this one's name is not this page's.
  if (election.community_id !== community.id) {
    return <ElectionNotFound communityName={community.name} />;
  }
  return (
    <>
      <div className="forum-el-head" data-testid="election-head">
        <p className="forum-muted forum-small">
          <Link to={communityPath(community.name)} data-testid="election-community-link">
            c/{community.name}
          </Link>
          {' · '}
          <Link to={electionsPath(community.name)} data-testid="election-back">
            {ELECTION_TEXTS.backToElections}
          </Link>
        </p>
        <h1 className="forum-page__title">
          {ELECTION_TEXTS.electionOf(formatDate(election.started_at))}
        </h1>
        <ElectionStatus election={election} onBehind={() => void q.refetch()} />
      </div>
      <Card>
        <dl className="forum-cm-facts" data-testid="election-facts">
          <dt>{ELECTION_TEXTS.seatsLabel}</dt>
          <dd data-testid="election-seats">{election.seats}</dd>
          <dt>{ELECTION_TEXTS.termLabel}</dt>
          <dd data-testid="election-term">{ELECTION_TEXTS.termDays(election.term_days)}</dd>
          <dt>{ELECTION_TEXTS.eligibleLabel}</dt>
          <dd data-testid="election-eligible">{election.eligible_voters}</dd>
          <dt>{ELECTION_TEXTS.ballotsLabel}</dt>
          <dd data-testid="election-ballots">{election.ballots_cast}</dd>
        </dl>
      </Card>
      <ElectionActions election={election} />
    </>
  );
}

/** /c/{name}/elections/{id}: one election, its candidates, the ballot and the results (§E). */
export default function ElectionPage() {
  const { name = '', id = '' } = useParams();
  return (
    <div className="forum-page forum-page--narrow" data-testid="election-page">
      <CommunityLoader name={name} loadingTestId="election-page-loading">
        {(community) => <ElectionView community={community} electionId={id} />}
      </CommunityLoader>
    </div>
  );
}
