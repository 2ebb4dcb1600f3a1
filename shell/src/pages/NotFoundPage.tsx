import { Link, useLocation } from 'react-router-dom';
import { buttonClassName } from '@forum/ui';
import { PageCard } from './PageCard';
import { TEXTS } from '../texts';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <PageCard title={TEXTS.pageNotFound} testId="not-found">
      <p className="shell-page__lead">
        There is nothing at <code>{pathname}</code>. The link may be broken, or the page may have
        been removed.
      </p>
      <p>
        <Link to="/" className={buttonClassName('primary')} data-testid="not-found-home">
          {TEXTS.goHome}
        </Link>{' '}
        <Link to="/communities" className={buttonClassName('secondary')}>
          {TEXTS.browseCommunities}
        </Link>
      </p>
    </PageCard>
  );
}
