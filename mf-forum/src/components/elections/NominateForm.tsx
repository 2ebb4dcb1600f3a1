import { useState } from 'react';
import { errorMessage } from '@forum/sdk';
import { Alert, Button } from '@forum/ui';
import { useNominate } from '../../hooks/useNominate';
import { statementError } from '../../lib/electionForm';
import { TextAreaField } from '../TextArea';
import { ELECTION_TEXTS } from '../../electionTexts';

/** "Nominate yourself" with a statement while nominations are open; the server's refusal shown. */
export function NominateForm({ electionId }: { electionId: string }) {
  const nominate = useNominate(electionId);
  const [statement, setStatement] = useState('');
  const [tried, setTried] = useState(false);
  const problem = tried ? statementError(statement) : undefined;
  return (
    <section className="forum-el-section" aria-labelledby="nominate-title">
      <h2 id="nominate-title" className="forum-section__title">
        {ELECTION_TEXTS.nominateYourself}
      </h2>
      <form
        className="forum-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (nominate.isPending || statementError(statement)) return;
          nominate.mutate(statement.trim());
        }}
      >
        <TextAreaField
          label={ELECTION_TEXTS.statementLabel}
          hint={ELECTION_TEXTS.statementHint}
          rows={5}
          maxLength={2000}
          required
          value={statement}
          onChange={(e) => setStatement(e.target.value)}
          error={problem}
          testId="nominate-statement"
        />
        {nominate.isError ? (
          <Alert variant="error" data-testid="nominate-error">
            {errorMessage(nominate.error, ELECTION_TEXTS.nominateFailed)}
          </Alert>
        ) : null}
        <div className="forum-form__actions">
          <Button
            type="submit"
            disabled={nominate.isPending}
            aria-busy={nominate.isPending || undefined}
            data-testid="nominate-submit"
          >
            {nominate.isPending ? ELECTION_TEXTS.nominating : ELECTION_TEXTS.nominate}
          </Button>
        </div>
      </form>
    </section>
  );
}
