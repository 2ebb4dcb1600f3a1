import type { Election } from '@forum/contracts';
import { cx } from '@forum/ui';
import { rankResults, winnerCandidates } from '../../lib/electionResults';
import { UserLink } from '../community-moderation/TargetLink';
import { ELECTION_TEXTS } from '../../electionTexts';

/**
 * A closed election's results (EXTENSIONS §E) as a bar chart: approvals per candidate, most first,
 * each bar as long as the share of ballots that approved them; winners marked, then named with
 * links to their profiles. A list with the numbers in its text (the bars are decoration), so a
 * screen reader reads the same chart.
 */
export function ResultsChart({ election }: { election: Election }) {
  const rows = rankResults(election);
  const winners = winnerCandidates(election);
  return (
    <section className="forum-el-section" aria-labelledby="results-title" data-testid="results">
      <h2 id="results-title" className="forum-section__title">
        {ELECTION_TEXTS.results}
      </h2>
      <p id="results-caption" className="forum-muted forum-small" data-testid="results-caption">
        {ELECTION_TEXTS.resultsCaption(election.ballots_cast, election.seats)}
      </p>
      {rows.length === 0 ? (
        <p className="forum-muted">{ELECTION_TEXTS.noCandidates}</p>
      ) : (
        <ol
          className="forum-el-chart"
          aria-describedby="results-caption"
          data-testid="results-chart"
        >
          {rows.map((row) => (
            <li
              key={row.candidate.user_id}
              className={cx('forum-el-chart__row', row.winner && 'forum-el-chart__row--winner')}
              data-testid="result-row"
              data-winner={row.winner ? 'true' : 'false'}
            >
              <span className="forum-el-chart__name">
                <UserLink username={row.candidate.username} testId="result-name" />
                {row.winner ? (
                  <span className="forum-el-elected" data-testid="result-elected">
                    {ELECTION_TEXTS.elected}
                  </span>
                ) : null}
              </span>
              <span className="forum-el-chart__bar" aria-hidden="true">
                <span
                  className="forum-el-chart__fill"
                  style={{ width: `${Math.round(row.share * 100)}%` }}
                />
              </span>
              <span className="forum-el-chart__value" data-testid="result-approvals">
                {ELECTION_TEXTS.approvals(row.approvals)}
              </span>
            </li>
          ))}
        </ol>
      )}
      <div className="forum-el-winners" data-testid="winners">
        <h3 className="forum-small-title">{ELECTION_TEXTS.winnersLabel}</h3>
        {winners.length === 0 ? (
          <p className="forum-muted">{ELECTION_TEXTS.noWinners}</p>
        ) : (
          <ul className="forum-cm-team">
            {winners.map((c) => (
              <li key={c.user_id} className="forum-cm-person">
                <UserLink username={c.username} testId="winner-link" />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
