import { RequireSignIn } from '../auth/RequireSignIn';
import { PageCard } from '../pages/PageCard';
import { BlockedUsersSection } from './BlockedUsersSection';
import { DeleteAccountSection } from './DeleteAccountSection';
import { DownloadDataSection } from './DownloadDataSection';
import { EmailSection } from './EmailSection';
import { NotificationsSection } from './NotificationsSection';
import { PasswordSection } from './PasswordSection';
import { SETTINGS_TEXTS as T } from './settingsTexts';

/** /settings (EXTENSIONS §B2): signed in only; each section loads and saves on its own. */
export default function SettingsPage() {
  return (
    <RequireSignIn>
      <PageCard title={T.title} testId="page-settings">
        <p className="shell-page__lead">{T.lead}</p>
        <div className="shell-settings">
          <PasswordSection />
          <EmailSection />
          <NotificationsSection />
          <BlockedUsersSection />
          <DownloadDataSection />
          <DeleteAccountSection />
        </div>
      </PageCard>
    </RequireSignIn>
  );
}
