import { Link } from 'react-router-dom';
import { EmptyState, buttonClassName } from '@forum/ui';
import { TEXTS } from '../texts';

export default function NotFound() {
  return (
    <EmptyState
      title={TEXTS.pageNotFound}
      message={TEXTS.pageNotFoundText}
      action={
        <Link to="/" className={buttonClassName('secondary')}>
          {TEXTS.goHome}
        </Link>
      }
      data-testid="not-found"
    />
  );
}
