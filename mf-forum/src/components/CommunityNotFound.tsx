import { Link } from 'react-router-dom';
import { EmptyState, buttonClassName } from '@forum/ui';

export function CommunityNotFound() {
  return (
    <EmptyState
      title="Community not found"
      message="It may have been deleted, or the name is misspelled."
      action={
        <Link
          to="/communities"
          className={buttonClassName('secondary')}
          data-testid="back-to-communities"
        >
          Browse Communities
        </Link>
      }
      data-testid="community-not-found"
    />
  );
}
