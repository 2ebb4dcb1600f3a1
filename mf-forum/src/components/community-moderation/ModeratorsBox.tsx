import { Link } from 'react-router-dom';
import type { Community } from '@forum/contracts';
import { Button, Card, Skeleton } from '@forum/ui';
import { useModerators } from '../../hooks/useModerators';
import { communityPath } from '../../lib/communityModeration';
import { MODERATION_TEXTS } from '../../moderationTexts';
import { RoleLabel } from './RoleLabel';
import { UserLink } from './TargetLink';
import { UserAvatar } from './UserAvatar';
import './community-moderation.css';

/**
 * The community page's Moderators box (§M8): the team, owner first as the server orders it, with
 * the public log's link for everyone and the moderation tools' link for those who may use them.
 */
export function ModeratorsBox({
  community,
  canModerate,
}: {
  community: Community;
  canModerate: boolean;
}) {
  const team = useModerators(community.id);
  const base = communityPath(community.name);
  return (
    <Card
      className="forum-cm-box"
      role="region"
      aria-labelledby="moderators-title"
      data-testid="moderators-box"
    >
      <div className="forum-cm-box__head">
        <h2 id="moderators-title" className="forum-small-title">
          {MODERATION_TEXTS.moderators}
        </h2>
        <div className="forum-cm-box__links">
          <Link to={`${base}/modlog`} data-testid="modlog-link">
            {MODERATION_TEXTS.moderationLog}
          </Link>
          {canModerate ? (
            <Link to={`${base}/moderation`} data-testid="moderation-link">
              {MODERATION_TEXTS.moderation}
            </Link>
          ) : null}
        </div>
      </div>
      {team.isPending ? (
        <Skeleton width="60%" height="1.4em" />
      ) : team.isError ? (
        <p className="forum-muted forum-small" role="alert" data-testid="moderators-error">
          {MODERATION_TEXTS.moderatorsFailed}{' '}
          <Button size="sm" variant="ghost" onClick={() => void team.refetch()}>
            {MODERATION_TEXTS.tryAgain}
          </Button>
        </p>
      ) : (
        <ul className="forum-cm-team" data-testid="moderators-list">
          {team.data.moderators.map((m) => (
            <li key={m.user_id} className="forum-cm-person" data-testid="moderator">
              <UserAvatar username={m.username} avatarUrl={m.avatar_url} />
              <UserLink username={m.username} testId="moderator-name" />
              <RoleLabel moderator={m} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
