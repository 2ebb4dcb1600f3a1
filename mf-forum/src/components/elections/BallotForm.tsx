import { useState } from 'react';
import type { Candidate } from '@forum/contracts';
import { errorMessage } from '@forum/sdk';
import { Alert, Button, CheckboxField, ErrorState, Skeleton } from '@forum/ui';
import { useCastBallot } from '../../hooks/useCastBallot';
import { useMyBallot } from '../../hooks/useMyBallot';
import { ELECTION_TEXTS } from '../../electionTexts';

function BallotChoices({
  electionId,
  candidates,
  approved,
}: {
  electionId: string;
  candidates: Candidate[];
  /** The ballot already cast (its candidates start checked), or null. */
  approved: string[] | null;
}) {
  const cast = useCastBallot(electionId);
  const [chosen, setChosen] = useState(() => new Set(approved ?? []));
  const [hasBallot, setHasBallot] = useState(approved !== null);
  const [done, setDone] = useState<'cast' | 'replaced' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const toggle = (id: string, on: boolean) => {
    setChosen((old) => {
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
    setDone(null);
    setProblem(null);
  };
  return (
    <form
      className="forum-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (cast.isPending) return;
        // In nomination order, as the checkboxes show them.
        const approve = candidates.map((c) => c.user_id).filter((id) => chosen.has(id));
        if (approve.length === 0) {
          setProblem(ELECTION_TEXTS.approveRequired);
          return;
        }
        const replacing = hasBallot;
        setDone(null);
        setProblem(null);
        cast.mutate(approve, {
          onSuccess: () => {
            setHasBallot(true);
            setDone(replacing ? 'replaced' : 'cast');
          },
          onError: (err) => setProblem(errorMessage(err, ELECTION_TEXTS.castFailed)),
        });
      }}
    >
      <fieldset className="forum-el-ballot" aria-describedby="ballot-secret">
        <legend>{ELECTION_TEXTS.ballotLegend}</legend>
        {candidates.map((c) => (
          <CheckboxField
            key={c.user_id}
            label={`u/${c.username}`}
            checked={chosen.has(c.user_id)}
            onChange={(e) => toggle(c.user_id, e.target.checked)}
            testId="ballot-choice"
            data-user-id={c.user_id}
          />
        ))}
      </fieldset>
      <p id="ballot-secret" className="forum-muted forum-small">
        {ELECTION_TEXTS.ballotSecret}
      </p>
      {problem ? (
        <Alert variant="error" data-testid="ballot-error">
          {problem}
        </Alert>
      ) : null}
      {done ? (
        <Alert variant="success" data-testid="ballot-done">
          {done === 'replaced' ? ELECTION_TEXTS.ballotReplaced : ELECTION_TEXTS.ballotCast}
        </Alert>
      ) : null}
      <div className="forum-form__actions">
        <Button
          type="submit"
          disabled={cast.isPending}
          aria-busy={cast.isPending || undefined}
          data-testid="ballot-submit"
        >
          {cast.isPending
            ? ELECTION_TEXTS.casting
            : hasBallot
              ? ELECTION_TEXTS.replaceBallot
              : ELECTION_TEXTS.castBallot}
        </Button>
      </div>
    </form>
  );
}

/**
 * The approval ballot while voting is open (EXTENSIONS §E): a checkbox per candidate, checked
 * from the caller's own ballot; "Cast ballot", then "Replace ballot". Eligibility is the
 * server's to say (403 'Only members from before the election started may vote').
 */
export function BallotForm({
  electionId,
  candidates,
}: {
  electionId: string;
  candidates: Candidate[];
}) {
  const ballot = useMyBallot(electionId);
  return (
    <section className="forum-el-section" aria-labelledby="ballot-title" data-testid="ballot">
      <h2 id="ballot-title" className="forum-section__title">
        {ELECTION_TEXTS.ballot}
      </h2>
      {candidates.length === 0 ? (
        <p className="forum-muted" data-testid="ballot-no-candidates">
          {ELECTION_TEXTS.noCandidatesToVote}
        </p>
      ) : ballot.isPending ? (
        <Skeleton width="60%" height="4em" />
      ) : ballot.isError ? (
        <ErrorState
          title={ELECTION_TEXTS.ballotFailed}
          onRetry={() => void ballot.refetch()}
          data-testid="ballot-load-error"
        />
      ) : (
        <BallotChoices
          electionId={electionId}
          candidates={candidates}
          approved={ballot.data.ballot?.approve ?? null}
        />
      )}
    </section>
  );
}
