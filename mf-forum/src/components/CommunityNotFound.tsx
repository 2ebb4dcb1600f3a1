import { Link } from 'react-router-dom';
import { EmptyState, buttonClassName } from '@forum/ui';
import { TEXTS } from '../texts';

export function CommunityNotFound() {
  return (
    <EmptyState
      title={TEXTS.communityNotFound}
      message={TEXTS.communityNotFoundText}
      action={
        <Link
          to="/communities"
          className={buttonClassName('secondary')}
          data-testid="back-to-communities"
        >
          {TEXTS.browseCommunities}
        </Link>
      }
      data-testid="community-not-found"
    />
  );
}
