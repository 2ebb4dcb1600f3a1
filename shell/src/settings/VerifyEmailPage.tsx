import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { AccountTexts } from '@forum/contracts';
import { errorMessage, queryKeys, useApi, useSession } from '@forum/sdk';
import { Spinner, buttonClassName } from '@forum/ui';
import { tokenFromHash } from '../auth/redirect';
import { PageCard } from '../pages/PageCard';
import { StatusMessage, type Status } from './SettingsSection';
import { SETTINGS_TEXTS as T } from './settingsTexts';

/**
 * /verify-email#token=... (the mailed link): posts the token once and says how it went. Works
 * signed out too. The fragment is read once and then removed from the address bar, so the token
 * does not linger in the history or get shared by copying the address.
 */
export default function VerifyEmailPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { hash, pathname, search } = useLocation();
  const { status: session } = useSession();
  const [token] = useState(() => tokenFromHash(hash));
  const [status, setStatus] = useState<Status>(
    token ? null : { kind: 'error', text: AccountTexts.invalidVerificationToken },
  );
  // StrictMode runs effects twice in development: the token is single use, post it once.
  const sent = useRef(false);

  useEffect(() => {
    if (hash) navigate({ pathname, search }, { replace: true });
  }, [hash, pathname, search, navigate]);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    api
      .call('POST /api/auth/verify-email', { body: { token } }, { auth: false })
      .then((res) => {
        setStatus({ kind: 'success', text: res.message || AccountTexts.emailVerified });
        void queryClient.invalidateQueries({ queryKey: queryKeys.auth.me });
      })
      .catch((err: unknown) =>
        setStatus({ kind: 'error', text: errorMessage(err, T.verifyFailed) }),
      );
  }, [api, token, queryClient]);

  return (
    <PageCard title={T.verifyTitle} testId="page-verify-email" narrow>
      {status ? (
        <>
          <StatusMessage status={status} testId="verify-email-status" />
          <p>
            {session === 'signed-in' ? (
              <Link
                to="/settings"
                className={buttonClassName('primary')}
                data-testid="verify-email-settings"
              >
                {T.toSettings}
              </Link>
            ) : (
              <Link to="/" className={buttonClassName('primary')} data-testid="verify-email-home">
                {T.goHome}
              </Link>
            )}
          </p>
        </>
      ) : (
        <Spinner block label={T.verifying} data-testid="verify-email-pending" />
      )}
    </PageCard>
  );
}
