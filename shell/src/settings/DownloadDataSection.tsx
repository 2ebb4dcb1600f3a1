import { useState } from 'react';
import { errorMessage, useApi, useSession } from '@forum/sdk';
import { Button } from '@forum/ui';
import { exportBlob, exportFilename } from './accountData';
import { downloadFile } from './downloadFile';
import { SettingsSection, StatusMessage, type Status } from './SettingsSection';
import { SETTINGS_TEXTS as T } from './settingsTexts';

/** GET /api/auth/me/export, saved as the JSON file the gateway composes. */
export function DownloadDataSection() {
  const api = useApi();
  const username = useSession().user?.username ?? '';
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);

  async function download() {
    setBusy(true);
    setStatus(null);
    try {
      const data = await api.call('GET /api/auth/me/export');
      downloadFile(exportBlob(data), exportFilename(username, data.exported_at));
    } catch (err) {
      setStatus({ kind: 'error', text: errorMessage(err, T.downloadFailed) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsSection title={T.downloadData} lead={T.downloadLead} testId="settings-download">
      <StatusMessage status={status} testId="settings-download-status" />
      <div>
        <Button
          variant="secondary"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void download()}
          data-testid="settings-download-submit"
        >
          {busy ? T.preparingDownload : T.downloadButton}
        </Button>
      </div>
    </SettingsSection>
  );
}
