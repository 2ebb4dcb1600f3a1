import { Link } from 'react-router-dom';
import type { Community } from '@forum/contracts';
import { Card } from '@forum/ui';
import { formatCompact, plainPreviewText, truncate } from '../../lib/display';
import { CommunityLogo } from '../CommunityLogo';
import { SEARCH_TEXTS } from '../../searchTexts';

/** A community found: logo, name, members and description (as the communities list shows it). */
export function SearchCommunityCard({ community }: { community: Community }) {
  return (
    <Card
      className="forum-community-card"
      data-testid="search-community"
      data-name={community.name}
    >
      <CommunityLogo community={community} size={40} />
      <div className="forum-community-card__body">
        <h3 className="forum-community-card__name">
          <Link to={`/c/${encodeURIComponent(community.name)}`} data-testid="community-link">
            c/{community.name}
          </Link>
          {community.is_nsfw ? (
            <span className="forum-nsfw" data-testid="nsfw-badge">
              NSFW
            </span>
          ) : null}
        </h3>
        <p className="forum-muted forum-small" data-testid="community-members">
          {formatCompact(community.member_count)}{' '}
          {community.member_count === 1 ? SEARCH_TEXTS.member : SEARCH_TEXTS.members}
        </p>
        <p className="forum-muted">{truncate(plainPreviewText(community.description), 200)}</p>
      </div>
    </Card>
  );
}
