import type { ReactNode } from 'react';
import type { Candidate } from '@forum/contracts';
import { Card } from '@forum/ui';
import { RelativeTime } from '../RelativeTime';
import { UserLink } from '../community-moderation/TargetLink';
import { ELECTION_TEXTS } from '../../electionTexts';

/**
 * The candidates in nomination order with their statements: plain text, line breaks and spacing
 * kept (React renders it as text, never as markup). `actionFor` adds a control to a row (the
 * signed-in candidate's Withdraw).
 */
export function CandidateList({
  candidates,
  meId,
  actionFor,
}: {
  candidates: Candidate[];
  meId: string | undefined;
  actionFor?: (candidate: Candidate) => ReactNode;
}) {
  return (
    <section className="forum-el-section" aria-labelledby="candidates-title">
      <h2 id="candidates-title" className="forum-section__title">
        {ELECTION_TEXTS.candidates}
      </h2>
      {candidates.length === 0 ? (
        <p className="forum-muted" data-testid="candidates-empty">
          {ELECTION_TEXTS.noCandidates}
        </p>
      ) : (
        <ul className="forum-el-candidates" data-testid="candidates">
          {candidates.map((c) => (
            <li key={c.user_id}>
              <Card className="forum-el-candidate" data-testid="candidate" data-user-id={c.user_id}>
                <div className="forum-cm-row__head">
                  <UserLink username={c.username} testId="candidate-name" />
                  {c.user_id === meId ? (
                    <span className="forum-cm-tag">{ELECTION_TEXTS.youCandidate}</span>
                  ) : null}
                  <span className="forum-muted forum-small">
                    {ELECTION_TEXTS.nominatedAgo} <RelativeTime value={c.nominated_at} />
                  </span>
                </div>
                <p className="forum-el-statement" data-testid="candidate-statement">
                  {c.statement}
                </p>
                {actionFor?.(c)}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
