import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Community } from '@forum/contracts';
import { Card } from '@forum/ui';
import { formatCompact, plainPreviewText, truncate } from '../lib/display';
import { CommunityLogo } from './CommunityLogo';

/**
 * A community in a list (the communities page, search results): logo, name, NSFW badge,
 * description and members; `children` go after them (the communities page's Join button).
 */
export function CommunitySummaryCard({
  community,
  testId,
  children,
}: {
  community: Community;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Card className="forum-community-card" data-testid={testId} data-name={community.name}>
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
        <p className="forum-muted">{truncate(plainPreviewText(community.description), 200)}</p>
        <p className="forum-muted forum-small" data-testid="community-members">
          {formatCompact(community.member_count)}{' '}
          {community.member_count === 1 ? 'member' : 'members'}
        </p>
      </div>
      {children}
    </Card>
  );
}
