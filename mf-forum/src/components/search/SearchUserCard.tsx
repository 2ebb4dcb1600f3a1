import { Link } from 'react-router-dom';
import type { PublicUser } from '@forum/contracts';
import { Card } from '@forum/ui';
import { formatCompact } from '../../lib/display';
import { UserAvatar } from '../community-moderation/UserAvatar';
import { SEARCH_TEXTS } from '../../searchTexts';

/** A user found: avatar, username and score. */
export function SearchUserCard({ user }: { user: PublicUser }) {
  return (
    <Card className="forum-search-user" data-testid="search-user" data-username={user.username}>
      <UserAvatar username={user.username} avatarUrl={user.avatar_url} size={40} />
      <div>
        <Link
          to={`/u/${encodeURIComponent(user.username)}`}
          className="forum-search-user__name"
          data-testid="user-link"
        >
          u/{user.username}
        </Link>
        <p className="forum-muted forum-small" data-testid="user-score">
          {formatCompact(user.total_score)}{' '}
          {user.total_score === 1 ? SEARCH_TEXTS.point : SEARCH_TEXTS.points}
        </p>
      </div>
    </Card>
  );
}
