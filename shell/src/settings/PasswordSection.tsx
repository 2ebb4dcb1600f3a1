import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AccountTexts } from '@forum/contracts';
import { errorMessage, tokenStore, useApi } from '@forum/sdk';
import { Button, TextField } from '@forum/ui';
import { changePasswordResolver, type ChangePasswordValues } from './passwordForm';
import { SettingsSection, StatusMessage, type Status } from './SettingsSection';
import { SETTINGS_TEXTS as T } from './settingsTexts';
import { TEXTS } from '../texts';

const EMPTY: ChangePasswordValues = {
  current_password: '',
  new_password: '',
  confirm_password: '',
};

/** PUT /api/auth/password: every other session ends; this one goes on with the returned pair. */
export function PasswordSection() {
  const api = useApi();
  const [status, setStatus] = useState<Status>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues>({
    resolver: changePasswordResolver,
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async ({ current_password, new_password }) => {
    setStatus(null);
    try {
      const tokens = await api.call('PUT /api/auth/password', {
        body: { current_password, new_password },
      });
      // The old refresh token was revoked with the other sessions: keep this one signed in.
      tokenStore.setTokens({ token: tokens.token, refreshToken: tokens.refreshToken });
      reset(EMPTY);
      setStatus({ kind: 'success', text: T.passwordChanged });
    } catch (err) {
      const message = errorMessage(err, T.passwordFailed);
      if (message === AccountTexts.currentPasswordIncorrect) {
        setError('current_password', { message });
        setFocus('current_password');
        return;
      }
      setStatus({ kind: 'error', text: message });
    }
  });

  return (
    <SettingsSection title={T.password} testId="settings-password">
      <StatusMessage status={status} testId="settings-password-status" />
      <form className="shell-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField
          label={T.currentPassword}
          type="password"
          autoComplete="current-password"
          required
          error={errors.current_password?.message}
          testId="settings-current-password"
          {...register('current_password')}
        />
        <TextField
          label={T.newPassword}
          type="password"
          autoComplete="new-password"
          required
          hint={TEXTS.passwordHint}
          error={errors.new_password?.message}
          testId="settings-new-password"
          {...register('new_password', { deps: ['confirm_password'] })}
        />
        <TextField
          label={T.confirmNewPassword}
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirm_password?.message}
          testId="settings-confirm-password"
          {...register('confirm_password')}
        />
        <div>
          <Button type="submit" disabled={isSubmitting} data-testid="settings-password-submit">
            {isSubmitting ? T.saving : T.changePassword}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
