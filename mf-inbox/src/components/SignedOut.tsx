import { Link } from 'react-router-dom';
import { Card, buttonClassName } from '@forum/ui';
import { TEXTS } from '../texts';

/** What a signed-out visitor sees on an inbox page, with a way to sign in. */
export function SignedOut({ title, text }: { title: string; text: string }) {
  return (
    <Card className="inbox-page" data-testid="inbox-signed-out">
      <div className="ui-state">
        <h1 className="ui-state__title" data-testid="inbox-signed-out-title">
          {title}
        </h1>
        <p className="ui-state__text" data-testid="inbox-signed-out-text">
          {text}
        </p>
        <Link to="/login" className={buttonClassName('primary')} data-testid="inbox-signin-link">
          {TEXTS.signIn}
        </Link>
      </div>
    </Card>
  );
}
