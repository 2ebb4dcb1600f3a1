import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { Community } from '@forum/contracts';
import { EmptyState, ErrorState, Spinner, buttonClassName } from '@forum/ui';
import { Tabs, type TabDef } from '@forum/ui/Tabs';
import { CommunityLoader } from '../components/CommunityLoader';
import { RequireSignIn } from '../components/RequireSignIn';
import { AppealsPanel } from '../components/community-moderation/AppealsPanel';
import { BansPanel } from '../components/community-moderation/BansPanel';
import { ReportsPanel } from '../components/community-moderation/ReportsPanel';
import { TeamPanel } from '../components/community-moderation/TeamPanel';
import '../components/community-moderation/community-moderation.css';
import { useCommunityRole } from '../hooks/useCommunityRole';
import { communityPath } from '../lib/communityModeration';
import { MODERATION_TEXTS } from '../moderationTexts';

type Tab = 'reports' | 'appeals' | 'bans' | 'moderators';

const TABS: ReadonlyArray<TabDef<Tab>> = [
  { key: 'reports', label: MODERATION_TEXTS.tabReports },
  { key: 'appeals', label: MODERATION_TEXTS.tabAppeals },
  { key: 'bans', label: MODERATION_TEXTS.tabBans },
  { key: 'moderators', label: MODERATION_TEXTS.tabModerators },
];

const parseTab = (value: string | null): Tab => TABS.find((t) => t.key === value)?.key ?? 'reports';

function Moderation({ community }: { community: Community }) {
  const role = useCommunityRole(community);
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  const back = communityPath(community.name);
  if (!role.known) return <Spinner block data-testid="moderation-loading" />;
  // Not knowing the caller's standing is not a refusal: say so and offer a retry.
  if (role.membership.isError && !role.isAdmin) {
    return (
      <ErrorState
        title={MODERATION_TEXTS.membershipFailed}
        onRetry={() => void role.membership.refetch()}
        data-testid="moderation-error"
      />
    );
  }
  if (!role.canModerate) {
    return (
      <EmptyState
        title={MODERATION_TEXTS.noModeratePermission}
        action={
          <Link to={back} className={buttonClassName('secondary')}>
            {MODERATION_TEXTS.backToCommunity}
            {community.name}
          </Link>
        }
        data-testid="moderation-forbidden"
      />
    );
  }
  return (
    <>
      <div className="forum-section__head">
        <div>
          <h1 className="forum-page__title">{MODERATION_TEXTS.moderationTitle}</h1>
          <p className="forum-muted">
            <Link to={back} data-testid="moderation-community-link">
              c/{community.name}
            </Link>
            {' · '}
            <Link to={`${back}/modlog`} data-testid="moderation-modlog-link">
              {MODERATION_TEXTS.moderationLog}
            </Link>
          </p>
        </div>
      </div>
      <Tabs
        tabs={TABS}
        value={tab}
        label={MODERATION_TEXTS.moderationTabs}
        testIdPrefix="moderation"
        panelClassName="forum-cm-panel"
        // The tab lives in the URL (?tab=) so a reload or a shared link opens the same one.
        onChange={(next) =>
          setParams(
            (current) => {
              const copy = new URLSearchParams(current);
              copy.set('tab', next);
              return copy;
            },
            { replace: true },
          )
        }
      >
        {tab === 'reports' ? (
          <ReportsPanel community={community} />
        ) : tab === 'appeals' ? (
          <AppealsPanel community={community} />
        ) : tab === 'bans' ? (
          <BansPanel community={community} />
        ) : (
          <TeamPanel community={community} manages={role.isOwner || role.isAdmin} />
        )}
      </Tabs>
    </>
  );
}

/** /c/{name}/moderation: the team's tools (§M8): reports, appeals, bans and the team itself. */
export default function ModerationPage() {
  const { name = '' } = useParams();
  return (
    <div className="forum-page" data-testid="moderation-page">
      <RequireSignIn>
        <CommunityLoader name={name} loadingTestId="moderation-loading">
          {(community) => <Moderation community={community} />}
        </CommunityLoader>
      </RequireSignIn>
    </div>
  );
}
