import { ModlogFilter } from '../components/community-moderation/ModlogFilter';
import { ModlogList } from '../components/community-moderation/ModlogList';
import { useModlogActionParam } from '../hooks/useModlogActionParam';
import { MODERATION_TEXTS } from '../moderationTexts';

/** /modlog: every community's moderation log and the admin's site-wide entries (§M3). */
export default function ModlogPage() {
  const [action, setAction] = useModlogActionParam();
  return (
    <div className="forum-page forum-page--narrow" data-testid="site-modlog-page">
      <div className="forum-section__head">
        <div>
          <h1 className="forum-page__title">{MODERATION_TEXTS.siteModlogTitle}</h1>
          <p className="forum-muted">{MODERATION_TEXTS.siteModlogIntro}</p>
        </div>
        <ModlogFilter value={action} onChange={setAction} />
      </div>
      <ModlogList communityId={null} action={action} />
    </div>
  );
}
