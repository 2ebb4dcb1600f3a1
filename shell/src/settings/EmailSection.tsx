import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { AccountTexts, AuthMessages, ChangeEmailRequest } from '@forum/contracts';
import { errorMessage, queryKeys, useApi, useSession } from '@forum/sdk';
import { Button, ErrorState, Spinner, TextField, cx } from '@forum/ui';
import { SettingsSection, StatusMessage, type Status } from './SettingsSection';
import { SETTINGS_TEXTS as T } from './settingsTexts';

type EmailInput = z.input<typeof ChangeEmailRequest>;
type EmailValues = z.output<typeof ChangeEmailRequest>;

/** The signed-in user with `email` and `email_verified` (GET /api/auth/me), keyed by their id. */
export function useMe() {
  const api = useApi();
  const userId = useSession().user?.id ?? '';
  const queryKey = [...queryKeys.auth.me, userId] as const;
  const query = useQuery({
    queryKey,
    queryFn: async ({ signal }) => (await api.call('GET /api/auth/me', {}, { signal })).user,
    enabled: userId !== '',
  });
  return { ...query, queryKey };
}

/** The current address with its verification state, Resend, and the change form. */
export function EmailSection() {
  const api = useApi();
  const queryClient = useQueryClient();
  const me = useMe();
  const [status, setStatus] = useState<Status>(null);

  const resend = useMutation({
    mutationFn: () => api.call('POST /api/auth/verify-email/resend'),
    onMutate: () => setStatus(null),
    onSuccess: (res) =>
      setStatus({ kind: 'success', text: res.message || AccountTexts.verificationSent }),
    onError: (err) => {
      // Verified meanwhile (in another tab): show it.
      if (errorMessage(err, '') === AccountTexts.emailAlreadyVerified) {
        void queryClient.invalidateQueries({ queryKey: me.queryKey });
      }
      setStatus({ kind: 'error', text: errorMessage(err, T.resendFailed) });
    },
  });

  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<EmailInput, unknown, EmailValues>({
    resolver: zodResolver(ChangeEmailRequest),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    setStatus(null);
    try {
      const { user } = await api.call('PUT /api/auth/email', { body });
      queryClient.setQueryData(me.queryKey, user);
      reset({ email: '', password: '' });
      setStatus({ kind: 'success', text: T.emailChanged(user.email ?? body.email) });
    } catch (err) {
      const message = errorMessage(err, T.emailFailed);
      if (message === AccountTexts.passwordIncorrect) {
        setError('password', { message });
        setFocus('password');
      } else if (message === AuthMessages.emailTaken || message === AccountTexts.sameEmail) {
        setError('email', { message });
        setFocus('email');
      } else {
        setStatus({ kind: 'error', text: message });
      }
    }
  });

  return (
    <SettingsSection title={T.email} testId="settings-email">
      {me.isPending ? (
        <Spinner block />
      ) : me.isError ? (
        <ErrorState
          title={T.emailLoadFailed}
          retryLabel={T.retry}
          onRetry={() => void me.refetch()}
        />
      ) : (
        <div className="shell-settings__row">
          <p className="shell-settings__value">
            <span className="shell-settings__label">{T.currentEmail}: </span>
            <span data-testid="settings-email-address">{me.data.email}</span>{' '}
            <span
              className={cx(
                'shell-settings__badge',
                me.data.email_verified
                  ? 'shell-settings__badge--ok'
                  : 'shell-settings__badge--warn',
              )}
              data-testid="settings-email-state"
            >
              {me.data.email_verified ? T.verified : T.notVerified}
            </span>
          </p>
          {me.data.email_verified ? null : (
            <Button
              variant="secondary"
              size="sm"
              disabled={resend.isPending}
              onClick={() => resend.mutate()}
              data-testid="settings-email-resend"
            >
              {resend.isPending ? T.sending : T.resend}
            </Button>
          )}
        </div>
      )}
      <StatusMessage status={status} testId="settings-email-status" />
      <form className="shell-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField
          label={T.newEmail}
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          testId="settings-new-email"
          {...register('email')}
        />
        <TextField
          label={T.confirmWithPassword}
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          testId="settings-email-password"
          {...register('password')}
        />
        <div>
          <Button type="submit" disabled={isSubmitting} data-testid="settings-email-submit">
            {isSubmitting ? T.saving : T.changeEmail}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
