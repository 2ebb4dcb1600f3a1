import { Link } from 'react-router-dom';
import { EmptyState, buttonClassName } from '@forum/ui';

export default function NotFound() {
  return (
    <EmptyState
      title="Page not found"
      message="The page you are looking for does not exist."
      action={
        <Link to="/" className={buttonClassName('secondary')}>
          Go Home
        </Link>
      }
      data-testid="not-found"
    />
  );
}
