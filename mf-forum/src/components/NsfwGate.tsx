import { Link } from 'react-router-dom';
import { EmptyState, buttonClassName } from '@forum/ui';
import { TEXTS } from '../texts';

/** What a visitor sees instead of an NSFW community's log or elections: sign up first. */
export function NsfwGate({ testId }: { testId: string }) {
  return (
    <EmptyState
      title={TEXTS.signUpRequired}
      message={TEXTS.nsfwSignUp}
      action={
        <Link to="/register" className={buttonClassName('primary')}>
          {TEXTS.createAccount}
        </Link>
      }
      data-testid={testId}
    />
  );
}
