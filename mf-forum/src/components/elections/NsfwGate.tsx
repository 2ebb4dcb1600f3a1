import { Link } from 'react-router-dom';
import { EmptyState, buttonClassName } from '@forum/ui';
import { TEXTS } from '../../texts';

/** Like the community's posts and log: a visitor may not read an NSFW community's elections. */
export function NsfwGate() {
  return (
    <EmptyState
      title={TEXTS.signUpRequired}
      message={TEXTS.nsfwSignUp}
      action={
        <Link to="/register" className={buttonClassName('primary')}>
          {TEXTS.createAccount}
        </Link>
      }
      data-testid="elections-nsfw"
    />
  );
}
