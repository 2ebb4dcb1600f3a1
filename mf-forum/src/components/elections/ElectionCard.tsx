import { Link } from 'react-router-dom';
import type { Election } from '@forum/contracts';
import { Card } from '@forum/ui';
import { formatDate } from '../../lib/display';
import { winnerCandidates } from '../../lib/electionResults';
import { ELECTION_TEXTS } from '../../electionTexts';
import { ElectionStatus } from './ElectionStatus';
import { electionPath } from '../../lib/electionPaths';

/** One election in /c/{name}/elections: phase, seats, the next deadline, the winners once closed. */
export function ElectionCard({
  election,
  communityName,
  onBehind,
}: {
  election: Election;
  communityName: string;
  onBehind: () => void;
}) {
  const winners = winnerCandidates(election);
  return (
    <Card className="forum-el-card" data-testid="election-card" data-election-id={election.id}>
      <h2 className="forum-el-card__title">
        <Link to={electionPath(communityName, election.id)} data-testid="election-link">
          {ELECTION_TEXTS.electionOf(formatDate(election.started_at))}
        </Link>
      </h2>
      <p className="forum-el-card__meta">
        <ElectionStatus election={election} onBehind={onBehind} testId="election-card" />
        <span data-testid="election-card-seats">{ELECTION_TEXTS.seats(election.seats)}</span>
      </p>
      {election.phase === 'closed' ? (
        <p className="forum-small" data-testid="election-card-winners">
          {ELECTION_TEXTS.winnersLabel}:{' '}
          {winners.length === 0
            ? ELECTION_TEXTS.noWinners
            : winners.map((c) => `u/${c.username}`).join(', ')}
        </p>
      ) : null}
    </Card>
  );
}
