import { Link } from 'react-router-dom';
import type { ModlogAction, ModlogEntry } from '@forum/contracts';
import { Card } from '@forum/ui';
import { useModlog } from '../../hooks/useModlog';
import {
  communityPath,
  modlogActionLabel,
  modlogExpiry,
  modlogTarget,
} from '../../lib/communityModeration';
import { stripMarkup } from '../../lib/display';
import { PagedListSection } from '../PagedListSection';
import { RelativeTime } from '../RelativeTime';
import { MODERATION_TEXTS } from '../../moderationTexts';
import { QueueSkeleton } from './QueueSkeleton';
import { TargetLink, UserLink } from './TargetLink';
import './community-moderation.css';

function EntryRow({ entry, showCommunity }: { entry: ModlogEntry; showCommunity: boolean }) {
  const expiry = modlogExpiry(entry);
  return (
    <Card className="forum-cm-row" data-testid="modlog-entry" data-action={entry.action}>
      <div className="forum-cm-row__head">
        <span className="forum-cm-tag" data-testid="modlog-action">
          {modlogActionLabel(entry.action)}
        </span>
        <TargetLink target={modlogTarget(entry)} testId="modlog-target" />
        {showCommunity && entry.community_name ? (
          <span className="forum-small">
            {MODERATION_TEXTS.modlogIn}{' '}
            <Link to={communityPath(entry.community_name)} data-testid="modlog-community">
              c/{entry.community_name}
            </Link>
          </span>
        ) : null}
      </div>
      <div className="forum-cm-row__meta">
        <span>
          {MODERATION_TEXTS.modlogBy}{' '}
          <UserLink username={entry.moderator_username} testId="modlog-moderator" />
        </span>
        <RelativeTime value={entry.created_at} testId="modlog-time" />
      </div>
      {entry.reason || expiry ? (
        <dl className="forum-cm-facts forum-small">
          {entry.reason ? (
            <>
              <dt>{MODERATION_TEXTS.modlogReason}</dt>
              <dd data-testid="modlog-reason">{stripMarkup(entry.reason)}</dd>
            </>
          ) : null}
          {expiry ? (
            <>
              <dt>{MODERATION_TEXTS.modlogExpires}</dt>
              <dd data-testid="modlog-expires">{expiry}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
    </Card>
  );
}

/**
 * The public moderation log (§M3), newest first with Load More: one community's
 * (`communityId`) or the whole site's (null; each entry names its community).
 */
export function ModlogList({
  communityId,
  action,
}: {
  communityId: string | null;
  action: ModlogAction | undefined;
}) {
  const q = useModlog(communityId, action);
  return (
    <PagedListSection
      query={q}
      items={q.data?.pages.flatMap((p) => p.entries) ?? []}
      renderItem={(entry) => <EntryRow entry={entry} showCommunity={communityId === null} />}
      loading={<QueueSkeleton testId="modlog-loading" />}
      errorTitle={MODERATION_TEXTS.modlogFailed}
      errorTestId="modlog-error"
      emptyText={MODERATION_TEXTS.modlogEmpty}
      emptyTestId="modlog-empty"
      listTestId="modlog-list"
      loadMoreTestId="modlog-load-more"
    />
  );
}
